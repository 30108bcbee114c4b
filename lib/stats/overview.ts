import { Prisma, query, type Db } from "../db";
import { moneyString } from "../money";
import { pageRows } from "../invoices/page-rows";
import { serializeInvoiceListItem } from "../invoices/serialize";
import type { ShopStatsView } from "./schemas";

const DAY_MS = 86_400_000;

/**
 * The numbers a seller looks at first: revenue and orders per day (completed
 * invoices, by completion day, UTC), orders by status (all time, from the
 * status counters) and by gateway over the period, and the latest invoices.
 * Revenue is in USD (`paid_usd`, else `price_usd`), so shops selling in
 * several currencies add up.
 */
export async function shopOverview(db: Db, shopId: number, days: number, now = new Date()): Promise<ShopStatsView> {
  const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - (days - 1) * DAY_MS);
  const [perDay, byStatus, byGateway, recent] = await Promise.all([
    query<{ day: Date; orders: bigint; revenue: Prisma.Decimal | null }>(
      db,
      Prisma.sql`
      SELECT date_trunc('day', completed_at) AS day, count(*) AS orders, sum(coalesce(paid_usd, price_usd)) AS revenue
      FROM invoices
      WHERE shop_id = ${shopId} AND status = 'completed' AND completed_at >= ${since}
      GROUP BY 1 ORDER BY 1`,
    ),
    db.invoiceStatusCount.groupBy({ by: ["status"], where: { shop_id: shopId }, _sum: { count: true } }),
    query<{ gateway: string | null; orders: bigint; revenue: Prisma.Decimal | null }>(
      db,
      Prisma.sql`
      SELECT gateway, count(*) AS orders, sum(coalesce(paid_usd, price_usd)) FILTER (WHERE status = 'completed') AS revenue
      FROM invoices
      WHERE shop_id = ${shopId} AND created_at >= ${since}
      GROUP BY 1 ORDER BY 2 DESC`,
    ),
    pageRows(db, Prisma.sql`i.shop_id = ${shopId}`, Prisma.sql`i.created_at DESC, i.id DESC`, { limit: 8, offset: 0 }, null),
  ]);

  const byDay = new Map(perDay.map((row) => [row.day.toISOString().slice(0, 10), row]));
  const series = Array.from({ length: days }, (_, index) => {
    const day = new Date(since.getTime() + index * DAY_MS).toISOString().slice(0, 10);
    const row = byDay.get(day);
    return { date: day, orders: Number(row?.orders ?? 0), revenue_usd: moneyString(row?.revenue ?? 0) };
  });
  const revenue = perDay.reduce((sum, row) => sum.add(row.revenue ?? 0), new Prisma.Decimal(0));

  return {
    days,
    since: since.toISOString(),
    totals: { orders: perDay.reduce((sum, row) => sum + Number(row.orders), 0), revenue_usd: moneyString(revenue) },
    series,
    by_status: Object.fromEntries(byStatus.map((row) => [row.status, Number(row._sum.count ?? 0)])),
    by_gateway: byGateway.map((row) => ({ gateway: row.gateway, orders: Number(row.orders), revenue_usd: moneyString(row.revenue ?? 0) })),
    recent_invoices: recent.rows.map((invoice) => serializeInvoiceListItem(invoice)),
  };
}
