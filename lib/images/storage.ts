import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import type { Db } from "../db";
import { env } from "../env";
import { objectStore } from "./object-store";

/**
 * Where an image's bytes live, so that every app process on any machine
 * serves what one of them took:
 * - by default in the database (`image_bytes`), written in the transaction
 *   that makes the image, so an image and its bytes exist together;
 * - in S3-compatible object storage when STORAGE_URL names a bucket
 *   (lib/images/object-store.ts), under the image's cdn_image_id. The object
 *   is put before the image's transaction (no lock is held across the
 *   network) and removed again when that transaction fails; a crash between
 *   the two leaves an object no image names, never an image without bytes.
 *   A deleted image's object is removed after its deletion commits.
 * Bytes already in the database are served from there whatever STORAGE_URL
 * says, and files that earlier versions wrote under UPLOAD_DIR are still read
 * from there until `npm run images:import` moves them into the database.
 */

export type StagedImageBytes = {
  /** In the image's transaction: what is left to write once the row exists. */
  save(tx: Db, imageId: number): Promise<void>;
  /** The transaction failed: take back what was stored before it. */
  abandon(): Promise<void>;
};

export async function stageImageBytes(cdnImageId: string, bytes: Buffer, mimeType: string): Promise<StagedImageBytes> {
  const store = objectStore();
  if (!store) {
    return {
      save: async (tx, imageId) => {
        await tx.imageBytes.create({ data: { image_id: imageId, bytes: new Uint8Array(bytes) } });
      },
      abandon: async () => {},
    };
  }
  await store.put(cdnImageId, bytes, mimeType);
  return { save: async () => {}, abandon: () => store.delete(cdnImageId).catch(() => undefined) };
}

/** The bytes of an image whose row holds none: the object store's, or an earlier version's file. */
export async function readStoredImageBytes(cdnImageId: string): Promise<Buffer | null> {
  const store = objectStore();
  return (store ? await store.get(cdnImageId) : null) ?? (await readLegacyImageFile(cdnImageId));
}

/** After a deletion commits: the object goes too (a failure leaves an object no image names, never served). */
export async function removeStoredImageBytes(cdnImageId: string): Promise<void> {
  await objectStore()
    ?.delete(cdnImageId)
    .catch(() => undefined);
}

/** A file of an earlier version, by its cdn_image_id; null when there is none. */
function legacyFilePath(cdnImageId: string): string {
  if (!/^[A-Za-z0-9_-]+$/.test(cdnImageId)) throw new Error("invalid cdn image id");
  return path.resolve(env().UPLOAD_DIR, cdnImageId);
}

export async function readLegacyImageFile(cdnImageId: string): Promise<Buffer | null> {
  try {
    return await readFile(legacyFilePath(cdnImageId));
  } catch {
    return null;
  }
}

/**
 * Moves the files of UPLOAD_DIR into the database: each live image without
 * stored bytes whose file is there. Safe to run again (images that have
 * bytes are skipped) and beside a running server. The files are left in
 * place for the operator to delete once the import is checked.
 */
export async function importLegacyImageFiles(db: Db): Promise<{ imported: number; missing: number }> {
  let names: Set<string>;
  try {
    names = new Set(await readdir(env().UPLOAD_DIR));
  } catch {
    return { imported: 0, missing: 0 };
  }
  const waiting = await db.image.findMany({ where: { deleted_at: null, bytes: null }, select: { id: true, cdn_image_id: true } });
  let imported = 0;
  let missing = 0;
  for (const image of waiting) {
    const bytes = names.has(image.cdn_image_id) ? await readLegacyImageFile(image.cdn_image_id) : null;
    if (!bytes) {
      missing += 1;
      continue;
    }
    await db.imageBytes.upsert({
      where: { image_id: image.id },
      create: { image_id: image.id, bytes: new Uint8Array(bytes) },
      update: {},
    });
    imported += 1;
  }
  return { imported, missing };
}
