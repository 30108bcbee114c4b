import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import type { Db } from "../db";
import { env } from "../env";

/**
 * Where an image's bytes live: in the database (`image_bytes`), written in
 * the transaction that makes the image, so every app process on any machine
 * serves what one of them took, and an image and its bytes exist together.
 * Files that earlier versions wrote under UPLOAD_DIR are still read from
 * there until `npm run images:import` moves them in.
 */

export async function saveImageBytes(tx: Db, imageId: number, bytes: Buffer): Promise<void> {
  await tx.imageBytes.create({ data: { image_id: imageId, bytes: new Uint8Array(bytes) } });
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
