import type { Db } from "../db";
import { notFound } from "../api/errors";
import type { CustomFieldInput } from "./schemas";
import { serializeCustomField } from "./serialize";

function columns(input: CustomFieldInput) {
  return {
    name: input.name,
    hint: input.hint ?? null,
    type: input.type,
    // Only a select has choices; other types keep none so a later type change cannot resurrect stale ones.
    options: input.type === "select" ? input.options!.trim() : null,
    is_required: input.is_required ?? false,
    placeholder: input.placeholder ?? null,
    default_value: input.default ?? null,
    regex: input.regex ?? null,
  };
}

export async function listCustomFields(db: Db, shopId: number) {
  const fields = await db.customField.findMany({ where: { shop_id: shopId }, orderBy: { id: "asc" } });
  return fields.map(serializeCustomField);
}

export async function createCustomField(db: Db, shopId: number, input: CustomFieldInput) {
  return serializeCustomField(await db.customField.create({ data: { shop_id: shopId, ...columns(input) } }));
}

export async function updateCustomField(db: Db, shopId: number, id: number, input: CustomFieldInput) {
  const updated = await db.customField.updateMany({ where: { id, shop_id: shopId }, data: columns(input) });
  if (updated.count === 0) throw notFound("Custom field");
  return serializeCustomField(await db.customField.findUniqueOrThrow({ where: { id } }));
}

/**
 * Deleting a field detaches it from products. Answers customers already
 * gave on invoices go with it (the pivot cascades): the field no longer
 * exists to label them.
 */
export async function deleteCustomField(db: Db, shopId: number, id: number) {
  const deleted = await db.customField.deleteMany({ where: { id, shop_id: shopId } });
  if (deleted.count === 0) throw notFound("Custom field");
  return { message: "Custom field deleted." };
}
