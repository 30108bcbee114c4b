import { mkdirSync, writeFileSync } from "node:fs";
import { readFile, rm } from "node:fs/promises";
import path from "node:path";
import { env } from "../env";

/** Uploaded images live on local disk under UPLOAD_DIR, one file per cdn_image_id. */
export function imageFilePath(cdnImageId: string): string {
  if (!/^[A-Za-z0-9_-]+$/.test(cdnImageId)) throw new Error("invalid cdn image id");
  return path.resolve(env().UPLOAD_DIR, cdnImageId);
}

export function writeImageFile(cdnImageId: string, bytes: Buffer): void {
  const file = imageFilePath(cdnImageId);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, bytes);
}

/** The stored bytes, or null when the file is gone. */
export async function readImageFile(cdnImageId: string): Promise<Buffer | null> {
  try {
    return await readFile(imageFilePath(cdnImageId));
  } catch {
    return null;
  }
}

export async function removeImageFile(cdnImageId: string): Promise<void> {
  await rm(imageFilePath(cdnImageId), { force: true });
}
