import { randomBytes } from "node:crypto";
import type { Db } from "../db";
import { ApiError, invalid } from "../api/errors";
import { detectImage } from "./detect";
import { removeImageFile, writeImageFile } from "./storage";
import { serializeImage } from "./serialize";

/** The spec's upload limit: 20480 kilobytes. */
export const IMAGE_MAX_BYTES = 20480 * 1024;
/** Room for the multipart boundaries and part headers around the file. */
const MULTIPART_OVERHEAD = 64 * 1024;

export const IMAGE_FIELD = "image";

const tooLarge = () => new ApiError(413, "The image field must not be greater than 20480 kilobytes.");

/**
 * Reads the `image` part of a multipart request. Oversized bodies are
 * refused from Content-Length before anything is buffered.
 */
export async function readUploadedFile(request: Request): Promise<{ bytes: Buffer; filename: string }> {
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > IMAGE_MAX_BYTES + MULTIPART_OVERHEAD) throw tooLarge();
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw invalid(IMAGE_FIELD, "The image field is required.");
  }
  const part = form.get(IMAGE_FIELD);
  if (part === null) throw invalid(IMAGE_FIELD, "The image field is required.");
  if (typeof part === "string") throw invalid(IMAGE_FIELD, "The image field must be a file.");
  if (part.size > IMAGE_MAX_BYTES) throw tooLarge();
  if (part.size === 0) throw invalid(IMAGE_FIELD, "The image field must be an image.");
  return { bytes: Buffer.from(await part.arrayBuffer()), filename: part.name || "image" };
}

/** Stores a checked image file and its row; the file is written first so a row never points at nothing. */
export async function storeImage(db: Db, shopId: number, upload: { bytes: Buffer; filename: string }) {
  const detected = detectImage(upload.bytes);
  if (!detected) throw invalid(IMAGE_FIELD, "The image field must be an image (PNG, JPEG, GIF or WebP).");
  const cdnImageId = randomBytes(12).toString("hex");
  writeImageFile(cdnImageId, upload.bytes);
  try {
    const image = await db.image.create({
      data: {
        shop_id: shopId,
        cdn_image_id: cdnImageId,
        filename: upload.filename.slice(0, 255),
        mime_type: detected.mimeType,
        size_bytes: upload.bytes.length,
        width: detected.width,
        height: detected.height,
      },
    });
    return serializeImage(image);
  } catch (error) {
    await removeImageFile(cdnImageId);
    throw error;
  }
}
