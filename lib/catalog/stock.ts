import type { Db } from "../db";

/** Stock of a variant that is never sold out (dynamic delivery, or a service without a count). */
export const UNLIMITED_STOCK = -1;

type VariantRef = { id: number; service_stock: number | null; product: { deliverables_type: string } };

/** Units of one variant: its unsold serials, its service counter, or unlimited. */
function unitsOfVariant(deliverablesType: string, serviceStock: number | null, unsoldSerials: number): number {
  if (deliverablesType === "serials") return unsoldSerials;
  if (deliverablesType === "service" && serviceStock !== null) return serviceStock;
  return UNLIMITED_STOCK;
}

/**
 * What a Prisma read of variants selects so that their unsold serials come
 * counted in the same query: `{ ...unsoldSerialsCount }` in a variants select.
 */
export const unsoldSerialsCount = { _count: { select: { stock_items: { where: { invoice_item_id: null } } } } } as const;

type CountedVariant = { service_stock: number | null; _count: { stock_items: number } };

/** A product's stock from variants read with `unsoldSerialsCount` (no query of its own). */
export function countedProductStock(deliverablesType: string, variants: CountedVariant[]): number {
  return sumOfUnits(variants.map((v) => unitsOfVariant(deliverablesType, v.service_stock, v._count.stock_items)));
}

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
  return new Map(variants.map((v) => [v.id, unitsOfVariant(v.product.deliverables_type, v.service_stock, serialCounts.get(v.id) ?? 0)]));
}

/** A product's stock: the sum over its variants, unlimited when any variant is. */
export function productStock(variantIds: number[], stock: Map<number, number>): number {
  return sumOfUnits(variantIds.map((id) => stock.get(id) ?? 0));
}

function sumOfUnits(units: number[]): number {
  let total = 0;
  for (const one of units) {
    if (one === UNLIMITED_STOCK) return UNLIMITED_STOCK;
    total += one;
  }
  return total;
}
