import { amountString, flag, sellerPageOf, timestamp } from "../api/schemas";
import { blankAsAbsent } from "../validation/blank";
import { boolean, date, endDate } from "../validation/fields";
import * as z from "../validation/zod";
import { recordId } from "../validation/ids";
import { pageFields, withPageDefaults } from "../validation/paging";

/** Request schemas of the abandoned-checkout routes (list filters also as query parameters). */

/** At most this many invoices per bulk recovery, named or picked. */
export const MAX_BULK_RECOVER = 100;

export const CHECKOUT_TYPES = ["created", "pending", "all"] as const;
export type CheckoutType = (typeof CHECKOUT_TYPES)[number];

export const listAbandonedCheckoutsQuery = z
  .object({
    ...pageFields,
    type: blankAsAbsent(z.enum(CHECKOUT_TYPES)),
    search: blankAsAbsent(z.preprocess((value) => (typeof value === "number" ? String(value) : value), z.string().max(255))),
    date_from: blankAsAbsent(date()),
    date_to: blankAsAbsent(endDate()),
    include_dismissed: blankAsAbsent(boolean()),
  })
  .superRefine((query, ctx) => {
    if (query.date_from && query.date_to && query.date_to < query.date_from) {
      ctx.addIssue({ code: "custom", path: ["date_to"], message: "The date to field must be a date after or equal to date from." });
    }
  })
  .transform((query) => ({
    ...withPageDefaults(query),
    type: query.type ?? "all",
    include_dismissed: query.include_dismissed ?? false,
  }));
export type ListAbandonedCheckoutsQuery = z.output<typeof listAbandonedCheckoutsQuery>;

const couponId = blankAsAbsent(recordId());

export const recoverCheckoutBody = z.object({ coupon_id: couponId });
export type RecoverCheckoutInput = z.output<typeof recoverCheckoutBody>;

export const bulkRecoverBody = z.object({
  invoice_ids: blankAsAbsent(z.array(recordId()).min(1).max(MAX_BULK_RECOVER)),
  coupon_id: couponId,
});
export type BulkRecoverInput = z.output<typeof bulkRecoverBody>;

// ---------------------------------------------------------------- responses

/** An abandoned checkout (the spec does not show it): the invoice's summary plus its checkout state. */
export const abandonedCheckoutView = z
  .object({
    id: z.int(),
    unique_id: z.string(),
    type: z.enum(["created", "pending"]).describe("`created`: no payment reference yet; `pending`: a payment was started."),
    status: z.string(),
    email: z.string(),
    price: amountString,
    price_usd: amountString,
    currency: z.string(),
    gateway: z.string().nullable().describe("Null: the buyer has not chosen a gateway on the buyer's page yet."),
    manual: flag,
    product_id: z.int().nullable(),
    variant_id: z.int().nullable(),
    product: z.object({ id: z.int(), name: z.string() }).nullable(),
    variant: z.object({ id: z.int(), name: z.string() }).nullable(),
    items: z.array(
      z.object({
        product_id: z.int().nullable(),
        product_name: z.string(),
        variant_id: z.int().nullable(),
        variant_name: z.string(),
        quantity: z.int(),
        total_price: amountString,
      }),
    ),
    coupon_id: z.int().nullable(),
    customer_id: z.int().nullable(),
    dismissed: z.boolean(),
    dismissed_at: timestamp.nullable(),
    recovery_sent_at: timestamp.nullable(),
    checkout_url: z.string(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: "AbandonedCheckout" });
export type AbandonedCheckoutView = z.output<typeof abandonedCheckoutView>;

export const abandonedCheckoutPage = sellerPageOf(abandonedCheckoutView);
export type AbandonedCheckoutPage = z.output<typeof abandonedCheckoutPage>;

const checkoutBucket = z.object({ count: z.int(), value_usd: amountString });

/**
 * GET .../abandoned-checkouts/stats. `abandoned`, `created` and `pending`
 * leave dismissed checkouts out; `recovered` counts those completed after a
 * recovery email; `recovery_rate` is recovered / recovery_sent in percent.
 */
export const abandonedCheckoutStatsView = z
  .object({
    abandoned: checkoutBucket,
    created: checkoutBucket,
    pending: checkoutBucket,
    dismissed: checkoutBucket,
    recovery_sent: checkoutBucket,
    recovered: checkoutBucket,
    recovery_rate: z.number(),
    currency: z.literal("USD"),
  })
  .meta({ id: "AbandonedCheckoutStats" });
export type AbandonedCheckoutStatsView = z.output<typeof abandonedCheckoutStatsView>;

/** POST .../bulk-recover: which invoices got an email, and which named ones were skipped (no longer pending). */
export const bulkRecoveryView = z.object({
  message: z.string(),
  recovered: z.int(),
  invoice_ids: z.array(z.int()),
  skipped: z.array(z.int()),
});
export type BulkRecoveryView = z.output<typeof bulkRecoveryView>;
