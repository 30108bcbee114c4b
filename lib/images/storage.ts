import { mkdirSync, writeFileSync } from "node:fs";
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
