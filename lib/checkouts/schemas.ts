import { boolean, date, endDate, integer, z } from "../validation/fields";

/** Request schemas of the abandoned-checkout routes (list filters also as query parameters). */

const MAX_INT = 2_147_483_647;

/** At most this many invoices per bulk recovery, named or picked. */
export const MAX_BULK_RECOVER = 100;

export const CHECKOUT_TYPES = ["created", "pending", "all"] as const;
export type CheckoutType = (typeof CHECKOUT_TYPES)[number];

/** Like Laravel's empty-string-to-null: "" and null mean the field was not sent. */
function optional<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === "" || value === null ? undefined : value), schema.optional());
}

export const listAbandonedCheckoutsQuery = z
  .object({
    page: optional(integer({ min: 1, max: MAX_INT })),
    perPage: optional(integer({ min: 1, max: 100 })),
    type: optional(z.enum(CHECKOUT_TYPES)),
    search: optional(z.preprocess((value) => (typeof value === "number" ? String(value) : value), z.string().max(255))),
    date_from: optional(date()),
    date_to: optional(endDate()),
    include_dismissed: optional(boolean()),
  })
  .superRefine((query, ctx) => {
    if (query.date_from && query.date_to && query.date_to < query.date_from) {
      ctx.addIssue({ code: "custom", path: ["date_to"], message: "The date to field must be a date after or equal to date from." });
    }
  })
  .transform((query) => ({
    ...query,
    page: query.page ?? 1,
    perPage: query.perPage ?? 20,
    type: query.type ?? "all",
    include_dismissed: query.include_dismissed ?? false,
  }));
export type ListAbandonedCheckoutsQuery = z.output<typeof listAbandonedCheckoutsQuery>;

const couponId = optional(integer({ min: 1, max: MAX_INT }));

export const recoverCheckoutBody = z.object({ coupon_id: couponId });
export type RecoverCheckoutInput = z.output<typeof recoverCheckoutBody>;

export const bulkRecoverBody = z.object({
  invoice_ids: optional(
    z
      .array(integer({ min: 1, max: MAX_INT }))
      .min(1)
      .max(MAX_BULK_RECOVER),
  ),
  coupon_id: couponId,
});
export type BulkRecoverInput = z.output<typeof bulkRecoverBody>;
