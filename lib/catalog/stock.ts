import { Prisma, query, type Db } from "../db";

/** Stock of a variant that is never sold out (dynamic delivery, or a service without a count). */
export const UNLIMITED_STOCK = -1;

/** What the stock of a variant is read from: variants.unsold_serials is kept by triggers on stock_items. */
type StockColumns = { service_stock: number | null; unsold_serials: number };
type VariantRef = StockColumns & { id: number; product: { deliverables_type: string } };

/** Units of one variant: its unsold serials, its service counter, or unlimited. */
export function unitsOfVariant(deliverablesType: string, variant: StockColumns): number {
  if (deliverablesType === "serials") return variant.unsold_serials;
  if (deliverablesType === "service" && variant.service_stock !== null) return variant.service_stock;
  return UNLIMITED_STOCK;
}

/** Units available per variant id. */
export function variantStock(variants: VariantRef[]): Map<number, number> {
  return new Map(variants.map((v) => [v.id, unitsOfVariant(v.product.deliverables_type, v)]));
}

/** A product's stock: the sum over its live variants, unlimited when any variant is. */
export function productStockOf(deliverablesType: string, variants: StockColumns[]): number {
  let total = 0;
  for (const variant of variants) {
    const units = unitsOfVariant(deliverablesType, variant);
    if (units === UNLIMITED_STOCK) return UNLIMITED_STOCK;
    total += units;
  }
  return total;
}

/**
 * Locks, in id order, the variants whose stock a transaction is about to
 * change. Their counters (unsold_serials, which the stock_items triggers
 * update, and service_stock) are rows that concurrent orders all write;
 * taken in one order, two orders of the same variants in different orders
 * wait for each other instead of deadlocking. One variant cannot deadlock
 * (variant rows are the last locks an order takes), so it costs no query.
 */
export async function lockVariantStock(tx: Db, variantIds: number[]): Promise<void> {
  const lock = variantStockLock(variantIds);
  if (lock) await query(tx, lock);
}

/** The statement of `lockVariantStock`, or null when there is nothing to order (for a transaction below Prisma). */
export function variantStockLock(variantIds: number[]): Prisma.Sql | null {
  const ids = [...new Set(variantIds)].sort((a, b) => a - b);
  if (ids.length < 2) return null;
  return Prisma.sql`SELECT id FROM variants WHERE id = ANY(${ids}::int[]) ORDER BY id FOR NO KEY UPDATE`;
}
