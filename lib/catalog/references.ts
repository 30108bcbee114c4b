import type { Db } from "../db";
import type { FieldErrors } from "../api/errors";
import { shopImageIds } from "../images/images";

type References = { group_id?: number | null; image_ids?: number[]; custom_field_ids?: number[] };

/**
 * Ids a catalog body names must be live records of the same shop; another
 * shop's id reads exactly like an unknown one (422 on that field, nothing leaked).
 */
export async function referenceErrors(db: Db, shopId: number, refs: References): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  if (refs.group_id != null) {
    const group = await db.group.findFirst({ where: { id: refs.group_id, shop_id: shopId, deleted_at: null }, select: { id: true } });
    if (!group) errors.group_id = ["The selected group id is invalid."];
  }
  if (refs.image_ids?.length) {
    const found = await shopImageIds(db, shopId, refs.image_ids);
    refs.image_ids.forEach((id, index) => {
      if (!found.has(id)) errors[`image_ids.${index}`] = [`The selected image_ids.${index} is invalid.`];
    });
  }
  if (refs.custom_field_ids?.length) {
    const rows = await db.customField.findMany({ where: { id: { in: refs.custom_field_ids }, shop_id: shopId }, select: { id: true } });
    const found = new Set(rows.map((row) => row.id));
    refs.custom_field_ids.forEach((id, index) => {
      if (!found.has(id)) errors[`custom_field_ids.${index}`] = [`The selected custom_field_ids.${index} is invalid.`];
    });
  }
  return errors;
}
