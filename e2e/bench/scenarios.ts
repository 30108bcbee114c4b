import { BENCH_SHOP_ID } from "./load";

/**
 * What the benchmark measures: each API request beside the SQL that answers
 * it directly (the floor). The floor is the page query plus its total, as
 * the list route needs both.
 */
export type Scenario = {
  name: string;
  /** path and query of the API request; `id` is a random invoice id for single reads */
  path: (id: number) => string;
  floor: { text: string; params: (id: number) => unknown[] }[];
};

const DAY = 86_400_000;

/** The app's own `GET /v1/health`: what every other row is compared to. */
export const HEALTH_SCENARIO = "health (GET /v1/health)";
const shop = BENCH_SHOP_ID;
const page = `ORDER BY created_at DESC, id DESC LIMIT 20`;

export function scenarios(now: Date): Scenario[] {
  const monthStart = new Date(now.getTime() - 60 * DAY).toISOString();
  const monthEnd = new Date(now.getTime() - 30 * DAY).toISOString();
  return [
    {
      // the framework and one query: the floor inside this app, every other scenario's ratio is to it
      name: HEALTH_SCENARIO,
      path: () => `/v1/health`,
      floor: [{ text: `SELECT 1`, params: () => [] }],
    },
    {
      name: "list, no filter",
      path: () => `/v1/shops/${shop}/invoices`,
      floor: [
        { text: `SELECT * FROM invoices WHERE shop_id = $1 ${page}`, params: () => [shop] },
        { text: `SELECT sum(count) FROM invoice_status_counts WHERE shop_id = $1`, params: () => [shop] },
      ],
    },
    {
      name: "list, status filter",
      path: () => `/v1/shops/${shop}/invoices?statuses[]=completed`,
      floor: [
        { text: `SELECT * FROM invoices WHERE shop_id = $1 AND status = 'completed' ${page}`, params: () => [shop] },
        { text: `SELECT sum(count) FROM invoice_status_counts WHERE shop_id = $1 AND status = 'completed'`, params: () => [shop] },
      ],
    },
    {
      name: "list, email substring",
      path: () => `/v1/shops/${shop}/invoices?email=customer4242%40`,
      floor: [
        { text: `SELECT * FROM invoices WHERE shop_id = $1 AND email ILIKE '%customer4242@%' ${page}`, params: () => [shop] },
        { text: `SELECT count(*) FROM invoices WHERE shop_id = $1 AND email ILIKE '%customer4242@%'`, params: () => [shop] },
      ],
    },
    {
      name: "list, date range (30 days)",
      path: () => `/v1/shops/${shop}/invoices?created_at_start=${monthStart}&created_at_end=${monthEnd}`,
      floor: [
        {
          text: `SELECT * FROM invoices WHERE shop_id = $1 AND created_at BETWEEN $2 AND $3 ${page}`,
          params: () => [shop, monthStart, monthEnd],
        },
        {
          text: `SELECT count(*) FROM invoices WHERE shop_id = $1 AND created_at BETWEEN $2 AND $3`,
          params: () => [shop, monthStart, monthEnd],
        },
      ],
    },
    {
      name: "list, sorted by price",
      path: () => `/v1/shops/${shop}/invoices?orderColumn=price_usd&orderDirection=desc`,
      floor: [
        { text: `SELECT * FROM invoices WHERE shop_id = $1 ORDER BY price_usd DESC NULLS LAST, id DESC LIMIT 20`, params: () => [shop] },
        { text: `SELECT sum(count) FROM invoice_status_counts WHERE shop_id = $1`, params: () => [shop] },
      ],
    },
    ...analyticsScenarios(now),
    {
      name: "single invoice",
      path: (id) => `/v1/shops/${shop}/invoices/${id}`,
      floor: [
        { text: `SELECT * FROM invoices WHERE shop_id = $1 AND id = $2`, params: (id) => [shop, id] },
        { text: `SELECT * FROM invoice_items WHERE invoice_id = $1 ORDER BY id`, params: (id) => [id] },
      ],
    },
  ];
}

/**
 * The analytics routes over their default range (the last 30 days), beside
 * the rollup queries they run (lib/analytics/report.ts): the invoices are
 * never scanned, so the floor is those few hundred rows per route.
 */
function analyticsScenarios(now: Date): Scenario[] {
  const hour = 3_600_000;
  const to = new Date(Math.floor(now.getTime() / hour) * hour + hour);
  const from = new Date(to.getTime() - hour - 30 * DAY);
  const previous = new Date(from.getTime() - (to.getTime() - from.getTime()));
  const range = `shop_id = $1 AND hour >= $2 AND hour < $3`;
  const analytics = `/v1/shops/${shop}/analytics`;
  return [
    {
      name: "analytics summary",
      path: () => analytics,
      floor: [
        {
          text: `SELECT sum(orders) FILTER (WHERE hour >= $4), sum(revenue_usd) FILTER (WHERE hour >= $4),
            sum(new_customers) FILTER (WHERE hour >= $4), sum(orders) FILTER (WHERE hour < $4),
            sum(revenue_usd) FILTER (WHERE hour < $4), sum(new_customers) FILTER (WHERE hour < $4)
            FROM analytics_hourly WHERE ${range}`,
          params: () => [shop, previous, to, from],
        },
      ],
    },
    {
      name: "analytics graph",
      path: () => `${analytics}/graph`,
      floor: [
        {
          text: `SELECT date_trunc('day', hour), sum(orders), sum(revenue_usd), sum(new_customers) FROM analytics_hourly
            WHERE ${range} GROUP BY 1`,
          params: () => [shop, from, to],
        },
      ],
    },
    {
      name: "analytics top products",
      path: () => `${analytics}/top-products`,
      floor: [
        {
          text: `SELECT product_id, sum(orders), sum(quantity), sum(revenue_usd) AS revenue FROM analytics_product_hourly
            WHERE ${range} GROUP BY product_id HAVING sum(quantity) > 0 ORDER BY revenue DESC, product_id LIMIT 10`,
          params: () => [shop, from, to],
        },
      ],
    },
    {
      name: "analytics top customers",
      path: () => `${analytics}/top-customers`,
      floor: [
        {
          text: `SELECT customer_id, sum(orders), sum(revenue_usd_cents) AS cents FROM analytics_customer_hourly
            WHERE ${range} GROUP BY customer_id HAVING sum(orders) > 0 ORDER BY cents DESC, customer_id LIMIT 10`,
          params: () => [shop, from, to],
        },
      ],
    },
  ];
}
