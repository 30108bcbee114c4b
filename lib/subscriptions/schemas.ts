import { amountString, sellerPageOf, timestamp } from "../api/schemas";
import { blankAsAbsent } from "../validation/blank";
import { boolean, date, endDate, list } from "../validation/fields";
import * as z from "../validation/zod";
import { recordId } from "../validation/ids";
import { pageFields, withPageDefaults } from "../validation/paging";
import { SUBSCRIPTION_STATUSES } from "./lifecycle";

/** One value, or several (`a,b`, `a[]=x`, a JSON array); a bad single value is refused on the field itself. */
function oneOrMany<T extends z.ZodType>(item: T) {
  return z.preprocess(
    (value) => (typeof value === "string" && value.includes(",") ? value.split(",").map((part) => part.trim()) : value),
    z.union([item, z.array(item)]),
  );
}

/**
 * GET /v1/shops/{shopId}/subscriptions filters (query or GET body). The
 * spec's `status`, `product_id`, `customer_id`, `perPage`; beyond it
 * `page`, several statuses (in `status` or `statuses`), `email` (customer email, substring)
 * and `date_from`/`date_to` (created_at, inclusive) for the dashboard.
 */
export const listSubscriptionsQuery = z
  .object({
    ...pageFields,
    status: blankAsAbsent(oneOrMany(z.enum(SUBSCRIPTION_STATUSES))),
    statuses: blankAsAbsent(list(z.enum(SUBSCRIPTION_STATUSES))),
    product_id: blankAsAbsent(recordId()),
    customer_id: blankAsAbsent(recordId()),
    email: blankAsAbsent(z.string().max(255)),
    date_from: blankAsAbsent(date()),
    date_to: blankAsAbsent(endDate()),
  })
  .superRefine((query, ctx) => {
    if (query.date_from && query.date_to && query.date_to < query.date_from) {
      ctx.addIssue({ code: "custom", path: ["date_to"], message: "The date to field must be a date after or equal to date from." });
    }
  })
  .transform(withPageDefaults);
export type ListSubscriptionsQuery = z.output<typeof listSubscriptionsQuery>;

/** POST /v1/shops/{shopId}/subscriptions/{subscriptionId}/cancel */
export const cancelSubscriptionSchema = z.object({
  at_period_end: blankAsAbsent(boolean()),
});
export type CancelSubscriptionInput = z.output<typeof cancelSubscriptionSchema>;

// ---------------------------------------------------------------- responses

/** A subscription (the spec does not show the record); `price` is a 2-decimal string like an invoice's. */
export const subscriptionView = z
  .object({
    id: z.int(),
    shop_id: z.int(),
    status: z.string().describe(`One of ${SUBSCRIPTION_STATUSES.join(", ")}.`),
    customer_id: z.int(),
    product_id: z.int(),
    variant_id: z.int().nullable(),
    price: amountString,
    currency: z.string(),
    interval: z.string(),
    current_period_start: timestamp.nullable(),
    current_period_end: timestamp.nullable(),
    trial_ends_at: timestamp.nullable(),
    cancel_at_period_end: z.boolean(),
    cancelled_at: timestamp.nullable(),
    ended_at: timestamp.nullable(),
    created_at: timestamp,
    updated_at: timestamp,
    customer: z.object({ id: z.int(), email: z.string() }),
    product: z.object({ id: z.int(), name: z.string() }),
    variant: z.object({ id: z.int(), name: z.string() }).nullable(),
  })
  .meta({ id: "Subscription" });
export type SubscriptionView = z.output<typeof subscriptionView>;

export const subscriptionPage = sellerPageOf(subscriptionView);
export type SubscriptionPage = z.output<typeof subscriptionPage>;
