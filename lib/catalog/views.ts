import type { Db, Prisma } from "../db";
import type { CustomField } from "../generated/prisma/client";
import type { ProductView } from "./schemas";
import { serializeProduct } from "./serialize";
import { variantStock } from "./stock";

/** The relations serializeProduct reads: live variants and live images, in display order. */
export const productInclude = {
  variants: { where: { deleted_at: null }, orderBy: [{ sort_priority: "asc" }, { id: "asc" }] },
  images: { where: { image: { deleted_at: null } }, include: { image: true }, orderBy: [{ sort: "asc" }, { image_id: "asc" }] },
} satisfies Prisma.ProductInclude;

/**
 * Product views for `ids`, in that order, in a fixed number of queries
 * whatever the count (lists and groups call it for a whole page).
 */
export async function productViews(db: Db, ids: number[]): Promise<ProductView[]> {
  if (!ids.length) return [];
  const products = await db.product.findMany({ where: { id: { in: ids } }, include: productInclude });
  const variants = products.flatMap((p) => p.variants.map((v) => ({ ...v, product: { deliverables_type: p.deliverables_type } })));
  const serialVariantIds = variants.filter((v) => v.product.deliverables_type === "serials").map((v) => v.id);
  const stock = variantStock(variants);
  const [attachments, serials] = await Promise.all([
    db.customFieldAttachment.findMany({
      where: { morphable_type: "product", morphable_id: { in: ids } },
      include: { custom_field: true },
      orderBy: { custom_field_id: "asc" },
    }),
    serialVariantIds.length
      ? db.stockItem.findMany({
          where: { variant_id: { in: serialVariantIds }, invoice_item_id: null },
          select: { variant_id: true, value: true },
          orderBy: { id: "asc" },
        })
      : Promise.resolve([]),
  ]);
  const fieldsByProduct = new Map<number, CustomField[]>();
  for (const attachment of attachments) {
    const list = fieldsByProduct.get(attachment.morphable_id) ?? [];
    list.push(attachment.custom_field);
    fieldsByProduct.set(attachment.morphable_id, list);
  }
  const productOfVariant = new Map(variants.map((v) => [v.id, v.product_id]));
  const serialsByProduct = new Map<number, string[]>();
  for (const item of serials) {
    const productId = productOfVariant.get(item.variant_id)!;
    const list = serialsByProduct.get(productId) ?? [];
    list.push(item.value);
    serialsByProduct.set(productId, list);
  }
  const byId = new Map(products.map((p) => [p.id, p]));
  return ids.flatMap((id) => {
    const product = byId.get(id);
    if (!product) return [];
    return [
      serializeProduct(product, { stock, customFields: fieldsByProduct.get(id) ?? [], unsoldSerials: serialsByProduct.get(id) ?? [] }),
    ];
  });
}
