import { blankAsAbsent } from "../validation/blank";
import { boolean, date, endDate, integer } from "../validation/fields";
import * as z from "../validation/zod";

/** The longest range the analytics answer: two years (the graph then has 731 points). */
export const MAX_RANGE_DAYS = 731;
const DAY_MS = 86_400_000;

const rangeFields = {
  start: blankAsAbsent(date()).describe("First instant counted (ISO date or date-time); default: 30 days before `end`."),
  end: blankAsAbsent(endDate()).describe("Last instant counted (a bare date covers the whole day); default: now."),
  excludeManual: blankAsAbsent(boolean()).describe("Leave out invoices the seller created by hand."),
  excludeArchived: blankAsAbsent(boolean()).describe("Leave out archived invoices."),
  currency: blankAsAbsent(
    z
      .string()
      .trim()
      .regex(/^[A-Za-z]{3}$/, "The currency field must be a 3-letter ISO 4217 code.")
      .transform((code) => code.toUpperCase()),
  ).describe("Only invoices in this currency, their revenue in it; without it every invoice counts, its revenue in USD."),
};

/** The range and filters, resolved: hours [from, to) in UTC, the hours that `start` and `end` fall in counted whole. */
export type AnalyticsRange = { from: Date; to: Date; excludeManual: boolean; excludeArchived: boolean; currency: string | null };

function resolveRange(
  query: { start?: Date; end?: Date; excludeManual?: boolean; excludeArchived?: boolean; currency?: string },
  ctx: z.RefinementCtx,
): AnalyticsRange {
  const end = query.end ?? new Date();
  const start = query.start ?? new Date(end.getTime() - 30 * DAY_MS);
  if (end < start) ctx.addIssue({ code: "custom", path: ["end"], message: "The end field must be a date after or equal to start." });
  else if (end.getTime() - start.getTime() > MAX_RANGE_DAYS * DAY_MS)
    ctx.addIssue({ code: "custom", path: ["end"], message: `The range may span at most ${MAX_RANGE_DAYS} days.` });
  const from = floorHour(start);
  return {
    from,
    to: new Date(Math.max(floorHour(end).getTime() + 3_600_000, from.getTime() + 3_600_000)),
    excludeManual: query.excludeManual ?? false,
    excludeArchived: query.excludeArchived ?? false,
    currency: query.currency ?? null,
  };
}

function floorHour(at: Date) {
  return new Date(Math.floor(at.getTime() / 3_600_000) * 3_600_000);
}

/** GET .../analytics and .../analytics/graph. */
export const analyticsQuery = z.object(rangeFields).transform(resolveRange);

/** GET .../analytics/top-products and .../analytics/top-customers: the range, and how many (default 10, at most 100). */
export const analyticsTopQuery = z
  .object({ ...rangeFields, limit: blankAsAbsent(integer({ min: 1, max: 100 })) })
  .transform((query, ctx) => ({ ...resolveRange(query, ctx), limit: query.limit ?? 10 }));
export type AnalyticsTopQuery = z.output<typeof analyticsTopQuery>;

const revenue = z.number().describe("In `currency` when the query names one, else USD.");
const percent = z
  .number()
  .describe("Percent against the previous period of the same length (100 when that period had none, 0 when neither had any).");

export const analyticsSummaryView = z
  .object({
    revenue,
    orders: z.int(),
    customers: z.int().describe("New customers: those whose first completed invoice at the shop falls in the range."),
    revenueChange: percent,
    ordersChange: percent,
    customersChange: percent,
    currency: z.string().describe("What `revenue` is counted in."),
    start: z.iso.datetime().describe("The first hour counted."),
    end: z.iso.datetime().describe("The end of the last hour counted (exclusive)."),
  })
  .meta({ id: "AnalyticsSummary" });
export type AnalyticsSummaryView = z.output<typeof analyticsSummaryView>;

export const analyticsGraphView = z
  .array(
    z.object({
      date: z.string().describe("The day (YYYY-MM-DD, UTC), or the hour (ISO date-time) for ranges under three days."),
      revenue,
      orders: z.int(),
      customers: z.int().describe("New customers in the day (or hour)."),
    }),
  )
  .meta({ id: "AnalyticsGraph" });
export type AnalyticsGraphView = z.output<typeof analyticsGraphView>;

export const topProductsView = z
  .array(
    z.object({
      productId: z.int(),
      name: z.string().describe("The product's name now, or the name on its last invoice item when it was deleted."),
      revenue: revenue.describe("The items' totals (before an invoice-wide coupon), in `currency` or USD."),
      orders: z.int(),
      quantity: z.int(),
    }),
  )
  .meta({ id: "AnalyticsTopProducts" });
export type TopProductsView = z.output<typeof topProductsView>;

export const topCustomersView = z
  .array(z.object({ customerId: z.int(), email: z.string(), revenue, orders: z.int() }))
  .meta({ id: "AnalyticsTopCustomers" });
export type TopCustomersView = z.output<typeof topCustomersView>;
