import type { Db } from "../db";
import type { FieldErrors } from "../api/errors";
import { shopImageIds } from "../images/images";
import { unknownIdErrors } from "../validation/shop-records";

type References = { group_id?: number | null; image_ids?: number[]; custom_field_ids?: number[]; feedback_coupon?: number | null };

/**
 * Ids a catalog body names must be live records of the same shop; another
 * shop's id reads exactly like an unknown one (422 on that field, nothing leaked).
 */
export async function referenceErrors(db: Db, shopId: number, refs: References): Promise<FieldErrors> {
  let errors: FieldErrors = {};
  if (refs.group_id != null) {
    const group = await db.group.findFirst({ where: { id: refs.group_id, shop_id: shopId, deleted_at: null }, select: { id: true } });
    if (!group) errors.group_id = ["The selected group id is invalid."];
  }
  if (refs.image_ids?.length) {
    errors = { ...errors, ...unknownIdErrors(refs.image_ids, await shopImageIds(db, shopId, refs.image_ids), "image_ids") };
  }
  if (refs.custom_field_ids?.length) {
    const rows = await db.customField.findMany({ where: { id: { in: refs.custom_field_ids }, shop_id: shopId }, select: { id: true } });
    errors = { ...errors, ...unknownIdErrors(refs.custom_field_ids, rows, "custom_field_ids") };
  }
  if (refs.feedback_coupon != null) {
    const coupon = await db.coupon.findFirst({ where: { id: refs.feedback_coupon, shop_id: shopId }, select: { id: true } });
    if (!coupon) errors.feedback_coupon = ["The selected feedback coupon is invalid."];
  }
  return errors;
}
