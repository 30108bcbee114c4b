import type { PrismaClient, Db } from "../db";
import { notFound } from "../api/errors";
import { readStoredImageBytes, removeStoredImageBytes } from "./storage";
import { serializeImage } from "./serialize";

export async function listImages(db: Db, shopId: number) {
  // buyers' ticket attachments are the ticket's, not the library's
  const images = await db.image.findMany({ where: { shop_id: shopId, deleted_at: null, ticket_upload: false }, orderBy: { id: "asc" } });
  return images.map(serializeImage);
}

/**
 * Deleting an image never fails because something shows it: it is detached
 * from products, groups, themes and the shop's logo, favicon and background
 * in the same transaction, then soft-deleted (the spec's `deleted_at`) and
 * its bytes removed, so its URL stops serving.
 */
export async function deleteImage(client: PrismaClient, shopId: number, id: number) {
  const deleted = await client.$transaction(async (tx) => {
    const found = await tx.image.findFirst({ where: { id, shop_id: shopId, deleted_at: null } });
    if (!found) throw notFound("Image");
    await tx.productImage.deleteMany({ where: { image_id: id } });
    await tx.group.updateMany({ where: { image_id: id }, data: { image_id: null } });
    await tx.theme.updateMany({ where: { image_id: id }, data: { image_id: null } });
    await tx.shop.updateMany({ where: { logo_image_id: id }, data: { logo_image_id: null } });
    await tx.shop.updateMany({ where: { favicon_image_id: id }, data: { favicon_image_id: null } });
    await tx.shop.updateMany({ where: { background_image_id: id }, data: { background_image_id: null } });
    const deleted = await tx.image.updateMany({ where: { id, deleted_at: null }, data: { deleted_at: new Date() } });
    if (deleted.count === 0) throw notFound("Image");
    // a deleted image is never served again: its bytes go with it
    await tx.imageBytes.deleteMany({ where: { image_id: id } });
    return found;
  });
  await removeStoredImageBytes(deleted.cdn_image_id);
  return { message: "Image deleted." };
}

/** The type and bytes behind an image_url, for the public /cdn route; deleted images are gone. */
export async function findServedImage(db: Db, cdnImageId: string): Promise<{ mimeType: string; bytes: Buffer } | null> {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(cdnImageId)) return null;
  const image = await db.image.findFirst({
    where: { cdn_image_id: cdnImageId, deleted_at: null },
    select: { cdn_image_id: true, mime_type: true, bytes: { select: { bytes: true } } },
  });
  if (!image) return null;
  const bytes = image.bytes ? Buffer.from(image.bytes.bytes) : await readStoredImageBytes(image.cdn_image_id);
  return bytes ? { mimeType: image.mime_type, bytes } : null;
}

/** Ids among `ids` that are live images of the shop. */
export async function shopImageIds(db: Db, shopId: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db.image.findMany({ where: { id: { in: ids }, shop_id: shopId, deleted_at: null }, select: { id: true } });
  return new Set(rows.map((row) => row.id));
}
