import { Prisma, query, type Db } from "../db";
import type { CustomerTotals } from "./serialize";

/** SQL of a customer's invoice count and spend, for a query whose customers row is `c` (the (shop_id, customer_id) index serves both). */
export const CUSTOMER_TOTALS_SQL = Prisma.sql`
  (SELECT count(*) FROM invoices i WHERE i.shop_id = c.shop_id AND i.customer_id = c.id)::int AS invoices_count,
  (SELECT coalesce(sum(coalesce(i.paid_usd, i.price_usd)), 0) FROM invoices i
    WHERE i.shop_id = c.shop_id AND i.customer_id = c.id AND i.status = 'completed') AS total_spent`;

/** Invoice count and spend of these customers, by id (one statement for a page). */
export async function customerTotals(db: Db, shopId: number, ids: number[]): Promise<Map<number, CustomerTotals>> {
  if (!ids.length) return new Map();
  const rows = await query<{ id: number } & CustomerTotals>(
    db,
    Prisma.sql`
    SELECT c.id, ${CUSTOMER_TOTALS_SQL} FROM customers c WHERE c.shop_id = ${shopId} AND c.id IN (${Prisma.join(ids)})`,
  );
  return new Map(rows.map((row) => [row.id, { invoices_count: Number(row.invoices_count), total_spent: row.total_spent }]));
}

export const NO_TOTALS: CustomerTotals = { invoices_count: 0, total_spent: 0 };
