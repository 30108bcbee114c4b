import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import { Busboy, type BusboyFileStream } from "@fastify/busboy";
import { Prisma, query, type PrismaClient } from "../db";
import { hitRateLimit } from "../api/rate-limit";
import { env } from "../env";
import { limitedChunks } from "../api/body";
import { ApiError, invalid } from "../api/errors";
import { detectImage } from "./detect";
import { stageImageBytes } from "./storage";
import { serializeImage } from "./serialize";

/** The spec's upload limit: 20480 kilobytes. */
export const IMAGE_MAX_BYTES = 20480 * 1024;
/** Room for the multipart boundaries, part headers and a few small fields around the file. */
const MULTIPART_OVERHEAD = 64 * 1024;

export const IMAGE_FIELD = "image";

const tooLarge = () => new ApiError({ status: 413, message: "The image field must not be greater than 20480 kilobytes." });
const required = () => invalid(IMAGE_FIELD, "The image field is required.");

export type Upload = { bytes: Buffer; filename: string };

/** A file name is only a label, but it reaches the database, whose text cannot hold U+0000. */
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

/**
 * Reads the `image` part of a multipart request as it streams: the body is
 * cut off at the upload limit (413) and only the file's bytes are kept, so
 * a large or endless upload never sits in memory whole.
 */
export async function readUploadedFile(request: Request): Promise<Upload> {
  const { file } = await readUploadForm(request, IMAGE_FIELD);
  if (!file) throw required();
  return file;
}

/**
 * A multipart form with at most one file (in the part `fileField`, which
 * may be absent) and a few short text fields, read as readUploadedFile
 * reads it. Another request type is refused (422 on `fileField`).
 */
export async function readUploadForm(
  request: Request,
  fileField: string,
): Promise<{ fields: Record<string, string>; file: Upload | null }> {
  const contentType = request.headers.get("content-type") ?? "";
  const missing = () => invalid(fileField, `The ${fileField} field is required.`);
  let parser: ReturnType<typeof Busboy>;
  try {
    parser = Busboy({
      headers: { "content-type": contentType },
      limits: { files: 1, fileSize: IMAGE_MAX_BYTES, fields: 20, fieldSize: 1024, parts: 21 },
    });
  } catch {
    throw missing(); // not multipart/form-data, or no boundary
  }
  const limit = IMAGE_MAX_BYTES + MULTIPART_OVERHEAD;
  const source = Readable.from(limitedChunks(request.body, limit, request.headers.get("content-length"), tooLarge));
  const fields: Record<string, string> = Object.create(null);
  const upload = new Promise<Upload | null>((resolve, reject) => {
    let file: Promise<Upload> | null = null;
    parser.on("field", (name: string, value: string) => {
      fields[name] = value;
    });
    parser.on("file", (field, stream, filename) => {
      if (field !== fileField || file) return void stream.resume();
      if (CONTROL_CHARACTER.test(filename)) {
        stream.resume();
        return reject(invalid(fileField, `The ${fileField} file name must not contain control characters.`));
      }
      file = collectFile(stream, filename);
      file.catch(reject);
    });
    parser.on("finish", () => resolve(file));
    parser.on("error", () => reject(missing()));
    source.on("error", reject);
  });
  source.pipe(parser);
  try {
    const file = await upload;
    if (file && file.bytes.length === 0) throw invalid(fileField, `The ${fileField} field must be an image.`);
    return { fields, file };
  } finally {
    source.destroy();
  }
}

function collectFile(stream: BusboyFileStream, filename: string): Promise<Upload> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("limit", () => reject(tooLarge()));
    stream.on("error", reject);
    stream.on("end", () => resolve({ bytes: Buffer.concat(chunks), filename: filename || "image" }));
  });
}

/**
 * Stores an uploaded image, its row and its bytes: counted against the
 * shop's hourly uploads (IMAGE_UPLOADS_PER_HOUR) before its bytes are read, checked, then held to the
 * shop's storage quota (IMAGE_QUOTA_MB) under the shop's row lock, so
 * concurrent uploads cannot pass it together. No image row exists without
 * its bytes (lib/images/storage.ts says how, in the database or an object store).
 */
export async function storeImage(db: PrismaClient, shopId: number, read: () => Promise<Upload>, ticketUpload = false) {
  await hitRateLimit(db, `image-upload:shop:${shopId}`, env().IMAGE_UPLOADS_PER_HOUR, 3600);
  const upload = await read();
  const detected = detectImage(upload.bytes);
  if (!detected) throw invalid(IMAGE_FIELD, "The image field must be an image (PNG, JPEG, GIF or WebP).");
  const quotaMb = env().IMAGE_QUOTA_MB;
  const cdnImageId = randomBytes(12).toString("hex");
  const staged = await stageImageBytes(cdnImageId, upload.bytes, detected.mimeType);
  const image = await db
    .$transaction(async (tx) => {
      await query(tx, Prisma.sql`SELECT id FROM shops WHERE id = ${shopId} FOR UPDATE`);
      const used = await tx.image.aggregate({ where: { shop_id: shopId, deleted_at: null }, _sum: { size_bytes: true } });
      if ((used._sum.size_bytes ?? 0) + upload.bytes.length > quotaMb * 1024 * 1024)
        throw invalid(IMAGE_FIELD, `The shop's images may hold ${quotaMb} MB together; delete some before uploading more.`);
      const created = await tx.image.create({
        data: {
          shop_id: shopId,
          cdn_image_id: cdnImageId,
          filename: upload.filename.slice(0, 255),
          mime_type: detected.mimeType,
          size_bytes: upload.bytes.length,
          width: detected.width,
          height: detected.height,
          ticket_upload: ticketUpload,
        },
      });
      await staged.save(tx, created.id);
      return created;
    })
    .catch(async (error: unknown) => {
      await staged.abandon();
      throw error;
    });
  return serializeImage(image);
}
