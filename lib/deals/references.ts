import type { Db } from "../db";
import { validationFailed } from "../api/errors";
import { unknownIdErrors } from "../validation/shop-records";

/**
 * Promotions may only name this shop's live products and variants: anything
 * else (another shop's, a deleted one, a variant of another product) is a
 * 422 on the field, never a hint that it exists elsewhere.
 */

export async function checkDealProduct(db: Db, shopId: number, productId: number, variantId: number | null) {
  const product = await db.product.findFirst({ where: { id: productId, shop_id: shopId, deleted_at: null }, select: { id: true } });
  if (!product) throw validationFailed({ product_id: ["The selected product id is invalid."] });
  if (variantId === null) return;
  const variant = await db.variant.findFirst({
    where: { id: variantId, product_id: productId, shop_id: shopId, deleted_at: null },
    select: { id: true },
  });
  if (!variant) throw validationFailed({ variant_id: ["The selected variant id is invalid."] });
}

/** The distinct product ids of a bundle, each checked; errors name the position sent (`items.2`). */
export async function checkBundleProducts(db: Db, shopId: number, items: number[]): Promise<number[]> {
  const ids = [...new Set(items)];
  const found = await db.product.findMany({ where: { id: { in: ids }, shop_id: shopId, deleted_at: null }, select: { id: true } });
  const errors = unknownIdErrors(items, found, "items");
  if (Object.keys(errors).length) throw validationFailed(errors);
  return ids;
}
