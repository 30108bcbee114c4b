import { Prisma, query, type Db } from "../db";
import type {
  AnalyticsGraphView,
  AnalyticsRange,
  AnalyticsSummaryView,
  AnalyticsTopQuery,
  TopCustomersView,
  TopProductsView,
} from "./schemas";

/**
 * The analytics routes, read from the hourly rollups that the invoices'
 * triggers keep (migration 20261208100000_analytics_rollups): a request sums
 * at most a few rows per hour of its range, never the invoices, so its cost
 * follows the range and not the shop's history. A completed invoice counts in
 * the hour of its completion (UTC); a refund, a cancellation or a status
 * change back takes it out again. `customers` are new customers (their first
 * completed invoice at the shop falls in the range): a count that adds up
 * hour by hour, where distinct buyers over a range would have to be counted
 * one by one.
 */

const HOUR_MS = 3_600_000;
/** Ranges shorter than this are graphed per hour, longer ones per day. */
const HOURLY_GRAPH_BELOW_MS = 3 * 24 * HOUR_MS;

/** The rows of a shop's rollup in [from, to) under the query's filters. */
function rowsIn(shopId: number, range: AnalyticsRange, from: Date, to: Date) {
  return Prisma.sql`shop_id = ${shopId} AND hour >= ${from} AND hour < ${to}
    ${range.excludeManual ? Prisma.sql`AND NOT manual` : Prisma.empty}
    ${range.excludeArchived ? Prisma.sql`AND NOT archived` : Prisma.empty}
    ${range.currency ? Prisma.sql`AND currency = ${range.currency}` : Prisma.empty}`;
}

function revenueColumn(range: AnalyticsRange) {
  return range.currency ? Prisma.raw("revenue") : Prisma.raw("revenue_usd");
}

/** GET /v1/shops/{shopId}/analytics: the range's totals and their change against the period of the same length before it. */
export async function analyticsSummary(db: Db, shopId: number, range: AnalyticsRange): Promise<AnalyticsSummaryView> {
  const previousFrom = new Date(range.from.getTime() - (range.to.getTime() - range.from.getTime()));
  const current = Prisma.sql`hour >= ${range.from}`;
  const [totals] = await query<{
    orders: bigint | null;
    revenue: Prisma.Decimal | null;
    customers: bigint | null;
    previous_orders: bigint | null;
    previous_revenue: Prisma.Decimal | null;
    previous_customers: bigint | null;
  }>(
    db,
    Prisma.sql`SELECT sum(orders) FILTER (WHERE ${current}) AS orders, sum(${revenueColumn(range)}) FILTER (WHERE ${current}) AS revenue,
        sum(new_customers) FILTER (WHERE ${current}) AS customers,
        sum(orders) FILTER (WHERE NOT ${current}) AS previous_orders,
        sum(${revenueColumn(range)}) FILTER (WHERE NOT ${current}) AS previous_revenue,
        sum(new_customers) FILTER (WHERE NOT ${current}) AS previous_customers
      FROM analytics_hourly WHERE ${rowsIn(shopId, range, previousFrom, range.to)}`,
  );
  const revenue = amount(totals?.revenue);
  const orders = Number(totals?.orders ?? 0);
  const customers = Number(totals?.customers ?? 0);
  return {
    revenue,
    orders,
    customers,
    revenueChange: change(revenue, amount(totals?.previous_revenue)),
    ordersChange: change(orders, Number(totals?.previous_orders ?? 0)),
    customersChange: change(customers, Number(totals?.previous_customers ?? 0)),
    currency: range.currency ?? "USD",
    start: range.from.toISOString(),
    end: range.to.toISOString(),
  };
}

/** GET .../analytics/graph: one point per day of the range (per hour under three days), empty ones included. */
export async function analyticsGraph(db: Db, shopId: number, range: AnalyticsRange): Promise<AnalyticsGraphView> {
  const hourly = range.to.getTime() - range.from.getTime() < HOURLY_GRAPH_BELOW_MS;
  const rows = await query<{ bucket: Date; orders: bigint; revenue: Prisma.Decimal; customers: bigint }>(
    db,
    Prisma.sql`SELECT date_trunc(${hourly ? "hour" : "day"}, hour) AS bucket, sum(orders) AS orders,
        sum(${revenueColumn(range)}) AS revenue, sum(new_customers) AS customers
      FROM analytics_hourly WHERE ${rowsIn(shopId, range, range.from, range.to)} GROUP BY 1`,
  );
  const label = (at: Date) => (hourly ? at.toISOString() : at.toISOString().slice(0, 10));
  const at = new Map(rows.map((row) => [label(row.bucket), row]));
  const step = hourly ? HOUR_MS : 24 * HOUR_MS;
  const first = Math.floor(range.from.getTime() / step) * step;
  const points: AnalyticsGraphView = [];
  for (let time = first; time < range.to.getTime(); time += step) {
    const date = label(new Date(time));
    const row = at.get(date);
    points.push({ date, revenue: amount(row?.revenue), orders: Number(row?.orders ?? 0), customers: Number(row?.customers ?? 0) });
  }
  return points;
}

/** GET .../analytics/top-products: by revenue over the range (the items' totals). */
export async function topProducts(db: Db, shopId: number, range: AnalyticsTopQuery): Promise<TopProductsView> {
  const rows = await query<{ product_id: number; name: string | null; orders: bigint; quantity: bigint; revenue: Prisma.Decimal }>(
    db,
    Prisma.sql`SELECT t.product_id, p.name, t.orders, t.quantity, t.revenue FROM (
        SELECT product_id, sum(orders) AS orders, sum(quantity) AS quantity, sum(${revenueColumn(range)}) AS revenue
        FROM analytics_product_hourly WHERE ${rowsIn(shopId, range, range.from, range.to)}
        GROUP BY product_id HAVING sum(quantity) > 0
        ORDER BY revenue DESC, product_id LIMIT ${range.limit}) t
      LEFT JOIN products p ON p.id = t.product_id
      ORDER BY t.revenue DESC, t.product_id`,
  );
  return rows.map((row) => ({
    productId: row.product_id,
    name: row.name ?? `Deleted product ${row.product_id}`,
    revenue: amount(row.revenue),
    orders: Number(row.orders),
    quantity: Number(row.quantity),
  }));
}

/**
 * GET .../analytics/top-customers: by revenue over the range. It sums a row
 * per buyer and hour, one group per buyer of the range, so that rollup keeps
 * integers (cents, migration 20261213000000_analytics_customer_cents).
 */
export async function topCustomers(db: Db, shopId: number, range: AnalyticsTopQuery): Promise<TopCustomersView> {
  const cents = range.currency ? Prisma.raw("revenue_cents") : Prisma.raw("revenue_usd_cents");
  const rows = await query<{ customer_id: number; email: string; orders: bigint; revenue: Prisma.Decimal }>(
    db,
    Prisma.sql`SELECT t.customer_id, c.email, t.orders, t.cents / 100 AS revenue FROM (
        SELECT customer_id, sum(orders) AS orders, sum(${cents}) AS cents
        FROM analytics_customer_hourly WHERE ${rowsIn(shopId, range, range.from, range.to)}
        GROUP BY customer_id HAVING sum(orders) > 0
        ORDER BY cents DESC, customer_id LIMIT ${range.limit}) t
      JOIN customers c ON c.id = t.customer_id
      ORDER BY t.cents DESC, t.customer_id`,
  );
  return rows.map((row) => ({ customerId: row.customer_id, email: row.email, revenue: amount(row.revenue), orders: Number(row.orders) }));
}

/** Money as the clients type it (a JSON number), from the exact sum. */
function amount(value: Prisma.Decimal | null | undefined): number {
  return value ? Number(value.toFixed(2)) : 0;
}

/** The change in percent, to two places; from nothing to something is 100. */
function change(current: number, previous: number): number {
  if (previous === 0) return current === 0 ? 0 : 100;
  return Math.round(((current - previous) / previous) * 10_000) / 100;
}
