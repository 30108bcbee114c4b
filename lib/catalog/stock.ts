import type { Db } from "../db";

/** Stock of a variant that is never sold out (dynamic delivery, or a service without a count). */
export const UNLIMITED_STOCK = -1;

type VariantRef = { id: number; service_stock: number | null; product: { deliverables_type: string } };

/**
 * Units available per variant, derived from real stock and never stored
 * twice: unsold serials for `serials`, the counter for `service`, unlimited
 * for `dynamic` and uncounted services.
 */
export async function variantStock(db: Db, variants: VariantRef[]): Promise<Map<number, number>> {
  const serialIds = variants.filter((v) => v.product.deliverables_type === "serials").map((v) => v.id);
  const counts = serialIds.length
    ? await db.stockItem.groupBy({
        by: ["variant_id"],
        where: { variant_id: { in: serialIds }, invoice_item_id: null },
        _count: { _all: true },
      })
    : [];
  const serialCounts = new Map(counts.map((row) => [row.variant_id, row._count._all]));
  return new Map(
    variants.map((v) => {
      if (v.product.deliverables_type === "serials") return [v.id, serialCounts.get(v.id) ?? 0];
      if (v.product.deliverables_type === "service" && v.service_stock !== null) return [v.id, v.service_stock];
      return [v.id, UNLIMITED_STOCK];
    }),
  );
}

/** A product's stock: the sum over its variants, unlimited when any variant is. */
export function productStock(variantIds: number[], stock: Map<number, number>): number {
  let total = 0;
  for (const id of variantIds) {
    const units = stock.get(id) ?? 0;
    if (units === UNLIMITED_STOCK) return UNLIMITED_STOCK;
    total += units;
  }
  return total;
}
