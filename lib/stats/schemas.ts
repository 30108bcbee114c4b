import { amountString, timestamp } from "../api/schemas";
import { invoiceListItemView } from "../invoices/schemas";
import { blankAsAbsent } from "../validation/blank";
import { integer } from "../validation/fields";
import * as z from "../validation/zod";

/** GET /v1/shops/{shopId}/stats: the dashboard home's numbers over the last `days` days. */
export const shopStatsQuery = z.object({
  days: blankAsAbsent(integer({ min: 1, max: 366 })).transform((days) => days ?? 30),
});
export type ShopStatsQuery = z.output<typeof shopStatsQuery>;

/** The dashboard home's numbers; revenue is in USD (`paid_usd`, else `price_usd`) of completed invoices. */
export const shopStatsView = z
  .object({
    days: z.int(),
    since: timestamp.describe("The first day counted (00:00 UTC)."),
    totals: z.object({ orders: z.int(), revenue_usd: amountString }),
    series: z
      .array(z.object({ date: z.iso.date(), orders: z.int(), revenue_usd: amountString }))
      .describe("One entry per day, oldest first."),
    by_status: z.record(z.string(), z.int()).describe("Orders per status, all time."),
    by_gateway: z.array(
      z.object({
        gateway: z.string().nullable().describe("Null: invoices whose buyer has not chosen a gateway yet."),
        orders: z.int(),
        revenue_usd: amountString,
      }),
    ),
    recent_invoices: z.array(invoiceListItemView),
  })
  .meta({ id: "ShopStats" });
export type ShopStatsView = z.output<typeof shopStatsView>;
