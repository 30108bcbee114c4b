import { flag, sellerPageOf, timestamp } from "../api/schemas";
import { blankAsAbsent, blankAsNull } from "../validation/blank";
import { boolean, date, integer, list, money } from "../validation/fields";
import * as z from "../validation/zod";
import { recordId } from "../validation/ids";
import { pageFields, withPageDefaults } from "../validation/paging";

/**
 * Coupon request and response schemas, shared by the routes, the OpenAPI document and the
 * dashboard forms.
 */

export const COUPON_TYPES = ["percentage", "fixed"] as const;
export type CouponType = (typeof COUPON_TYPES)[number];

/** The upper bound of `discount` per type: a percentage cannot exceed 100. */
export const MAX_DISCOUNT: Record<CouponType, number> = { percentage: 100, fixed: 999_999 };

/** Postgres timestamps are fine beyond it, but the rest of the API stops dates there (2038 problem of PHP clients). */
const LAST_DATE = new Date("2038-01-19T00:00:00Z");

const couponFields = {
  code: z.string().trim().min(1).max(255),
  type: z.enum(COUPON_TYPES),
  discount: money({ min: 0.01, max: MAX_DISCOUNT.fixed }),
  global: blankAsAbsent(boolean()),
  max_uses: blankAsNull(integer({ min: 1 })),
  expiration_date: blankAsNull(
    date().refine((value) => value < LAST_DATE, { message: "The expiration date field must be a date before 2038-01-19." }),
  ),
  max_uses_per_customer: blankAsNull(integer({ min: 1 })),
  start_date: blankAsNull(
    date().refine((value) => value < LAST_DATE, { message: "The start date field must be a date before 2038-01-19." }),
  ),
  min_invoice_price: blankAsNull(money({ min: 0, max: 999_999 })),
  disable_if_volume_discount: blankAsAbsent(boolean()),
  allowed_emails: blankAsNull(list(z.email().max(255)).pipe(z.array(z.string()).max(1000))),
  products: blankAsNull(list(recordId()).pipe(z.array(z.number()).max(1000))),
  /** what some clients call `products`; `products` wins when both are sent */
  items: blankAsNull(list(recordId()).pipe(z.array(z.number()).max(1000))),
};

function percentageAtMost100(input: { type?: CouponType; discount?: number }, ctx: z.RefinementCtx) {
  if (input.type === "percentage" && input.discount !== undefined && input.discount > MAX_DISCOUNT.percentage) {
    ctx.addIssue({
      code: "custom",
      path: ["discount"],
      message: "The discount field must not be greater than 100 for a percentage coupon.",
    });
  }
}

/** POST /v1/shops/{shopId}/coupons */
export const createCouponSchema = z.object(couponFields).superRefine(percentageAtMost100);
export type CreateCouponInput = z.output<typeof createCouponSchema>;

/**
 * PUT /v1/shops/{shopId}/coupons/{couponId}/update: the create body, every
 * field optional (fields not sent keep their value). The percentage bound is
 * checked again against the merged coupon in lib/coupons/write.ts.
 */
export const updateCouponSchema = z
  .object({
    ...couponFields,
    code: blankAsAbsent(couponFields.code),
    type: blankAsAbsent(couponFields.type),
    discount: blankAsAbsent(couponFields.discount),
  })
  .superRefine(percentageAtMost100);
export type UpdateCouponInput = z.output<typeof updateCouponSchema>;

/** GET /v1/shops/{shopId}/coupons */
export const listCouponsQuery = z
  .object({
    ...pageFields,
    search: blankAsAbsent(z.string().max(255)),
    type: blankAsAbsent(z.enum(COUPON_TYPES)),
  })
  .transform(withPageDefaults);
export type ListCouponsQuery = z.output<typeof listCouponsQuery>;

// ---------------------------------------------------------------- responses

/**
 * The spec's Coupon: `global` as 0/1, `discount` a JSON number, no email
 * restriction as null. `products` (the restricted product ids) is beyond the
 * spec's table; the dashboard form needs it.
 */
export const couponView = z
  .object({
    id: z.int(),
    code: z.string(),
    salt: z.string(),
    global: flag,
    discount: z.number(),
    uses: z.int(),
    max_uses: z.int().nullable(),
    max_uses_per_customer: z.int().nullable(),
    allowed_emails: z.array(z.string()).nullable(),
    type: z.string().describe(`One of ${COUPON_TYPES.join(", ")}.`),
    expiration_date: timestamp.nullable(),
    start_date: timestamp.nullable(),
    min_invoice_price: z.number().nullable(),
    disable_if_volume_discount: z.boolean(),
    shop_id: z.int(),
    created_at: timestamp,
    updated_at: timestamp,
    products: z.array(z.int()),
  })
  .meta({ id: "Coupon" });
export type CouponView = z.output<typeof couponView>;

export const couponPage = sellerPageOf(couponView);
export type CouponPage = z.output<typeof couponPage>;

/** DELETE /v1/shops/{shopId}/coupons/used */
export const deletedUsedCouponsView = z.object({ message: z.string(), deleted: z.int() }).meta({ id: "DeletedUsedCoupons" });
