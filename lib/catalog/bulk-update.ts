import { execute, Prisma, type PrismaClient } from "../db";
import { notFound, validationFailed, type FieldErrors } from "../api/errors";
import type { AuditContext } from "../audit/context";
import { recordAudit } from "../audit/record";
import { sanitizeSellerHtml } from "../html/seller-html";
import { unknownIdErrors } from "../validation/shop-records";
import { recordEvents } from "../webhooks/events";
import { productEvents } from "../webhooks/objects";
import { clientFieldColumns } from "./products";
import { referenceErrors } from "./references";
import { bulkUpdateBodies, type BulkUpdateField, type BulkUpdateInput } from "./schemas";

type Tx = Prisma.TransactionClient;
type Target = { product_ids?: number[]; group_id?: number };

const isField = (field: string): field is BulkUpdateField => Object.hasOwn(bulkUpdateBodies, field);

/**
 * PUT /v1/shops/{shopId}/products/bulk-update/{field}: one setting of many
 * products at once, the products named by `product_ids` or by `group_id`
 * (every live product of that group). The change is ONE UPDATE statement
 * whatever the count (custom-fields: one DELETE and one INSERT of the
 * attachments), in one transaction with the checks before it and the
 * audit entry after it. An id that is not a live product of the shop
 * refuses the whole request (422 on `product_ids.N`, as the sort route),
 * so nothing is half-applied; an unknown field segment is 404. The
 * storefront's cached pages are expired by the products' (and
 * attachments') triggers. Each product changed is one `product.updated`
 * webhook event (its product view after the change), recorded in the same
 * transaction; the views are read together, in a fixed number of queries.
 */
export async function bulkUpdateProducts(client: PrismaClient, shopId: number, field: string, raw: unknown, audit: AuditContext) {
  if (!isField(field)) throw notFound("Bulk-update field");
  const body = bulkUpdateBodies[field].parse(raw) as Target & Record<string, unknown>;
  return client.$transaction(async (tx) => {
    const ids = await targetIds(tx, shopId, body);
    await checkField(tx, shopId, field, body, ids);
    const updated = ids.length ? await write(tx, shopId, field, body, ids) : 0;
    await recordAudit(tx, audit, {
      action: "products.bulk_updated",
      target: { type: "shop", id: shopId },
      changes: { field: { new: field }, product_ids: { new: ids } },
    });
    if (ids.length) await recordEvents(tx, shopId, "product.updated", () => productEvents(tx, ids));
    return { message: "Products updated.", updated };
  });
}

async function targetIds(tx: Tx, shopId: number, target: Target): Promise<number[]> {
  if (target.product_ids) {
    const found = await tx.product.findMany({
      where: { shop_id: shopId, id: { in: target.product_ids }, deleted_at: null },
      select: { id: true },
    });
    const errors = unknownIdErrors(target.product_ids, found, "product_ids");
    if (Object.keys(errors).length) throw validationFailed(errors);
    return target.product_ids;
  }
  const group = await tx.group.findFirst({ where: { id: target.group_id!, shop_id: shopId, deleted_at: null }, select: { id: true } });
  if (!group) throw validationFailed({ group_id: ["The selected group id is invalid."] });
  const rows = await tx.product.findMany({ where: { shop_id: shopId, group_id: group.id, deleted_at: null }, select: { id: true } });
  return rows.map((row) => row.id);
}

/** Ids the body names are the shop's (422 on the field); a dynamic type needs every live variant's URL. */
async function checkField(tx: Tx, shopId: number, field: BulkUpdateField, body: Record<string, unknown> & Target, ids: number[]) {
  let errors: FieldErrors = {};
  if (field === "custom-fields" || field === "feedback-coupon") {
    errors = await referenceErrors(tx, shopId, body as { custom_field_ids?: number[]; feedback_coupon?: number | null });
  }
  if (field === "deliverables-type" && body.deliverables_type === "dynamic" && ids.length) {
    const lacking = await tx.variant.findMany({
      where: { product_id: { in: ids }, deleted_at: null, dynamic_url: null },
      select: { product_id: true },
      distinct: ["product_id"],
    });
    const message = "Every variant of a dynamic product needs a dynamic_url: set them on the product first.";
    for (const { product_id } of lacking) {
      const key = body.product_ids ? `product_ids.${body.product_ids.indexOf(product_id)}` : "group_id";
      errors[key] = [message];
    }
  }
  if (Object.keys(errors).length) throw validationFailed(errors);
}

async function write(tx: Tx, shopId: number, field: BulkUpdateField, body: Record<string, unknown>, ids: number[]): Promise<number> {
  const where = { id: { in: ids }, shop_id: shopId, deleted_at: null };
  if (field === "custom-fields") return attachCustomFields(tx, ids, (body as BulkUpdateInput<"custom-fields">).custom_field_ids);
  if (field === "description") {
    const { description, type } = body as BulkUpdateInput<"description">;
    // each piece is sanitised on its own: sanitised fragments are balanced, so their concatenation is too
    const piece = sanitizeSellerHtml(description);
    if (type === "overwrite") return (await tx.product.updateMany({ where, data: { description: piece } })).count;
    const joined = type === "append" ? Prisma.sql`description || ${piece}` : Prisma.sql`${piece} || description`;
    return execute(
      tx,
      Prisma.sql`
      UPDATE products SET description = ${joined}, updated_at = now()
       WHERE id = ANY(${ids}::int[]) AND shop_id = ${shopId} AND deleted_at IS NULL`,
    );
  }
  return (await tx.product.updateMany({ where, data: columnsOf(field, body) })).count;
}

function columnsOf(field: Exclude<BulkUpdateField, "custom-fields" | "description">, body: Record<string, unknown>) {
  switch (field) {
    case "instructions":
      return { instructions: sanitizeSellerHtml((body as BulkUpdateInput<"instructions">).instructions ?? "") };
    case "out-of-stock-message":
      return { out_of_stock_message: (body as BulkUpdateInput<"out-of-stock-message">).out_of_stock_message || null };
    case "security":
      return { block_vpn: (body as BulkUpdateInput<"security">).block_vpn };
    case "visibility":
      return { visibility: (body as BulkUpdateInput<"visibility">).visibility };
    case "deliverables-type":
      return { deliverables_type: (body as BulkUpdateInput<"deliverables-type">).deliverables_type };
    default:
      // the client fields: the same columns product create/update write
      return clientFieldColumns(body);
  }
}

/** The products' custom fields become exactly these: one DELETE and one INSERT of the attachments. */
async function attachCustomFields(tx: Tx, ids: number[], fieldIds: number[]): Promise<number> {
  await tx.customFieldAttachment.deleteMany({ where: { morphable_type: "product", morphable_id: { in: ids } } });
  if (fieldIds.length) {
    await tx.customFieldAttachment.createMany({
      data: ids.flatMap((morphable_id) =>
        fieldIds.map((custom_field_id) => ({ custom_field_id, morphable_type: "product", morphable_id })),
      ),
    });
  }
  return ids.length;
}
