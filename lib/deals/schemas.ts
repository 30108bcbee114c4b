import { amountString, sellerPageOf, timestamp } from "../api/schemas";
import { blankAsNull } from "../validation/blank";
import { boolean, date, integer, number } from "../validation/fields";
import * as z from "../validation/zod";
import { recordId } from "../validation/ids";
import { pageFields, withPageDefaults } from "../validation/paging";

/**
 * Request and response schemas of quantity deals and bundle offers, shared by the routes,
 * the OpenAPI document and the dashboard forms. Update is a full replacement
 * ("same body as create"): an optional field left out is cleared.
 */

/** Dates must be before the 32-bit unix time limit (the spec's "before 2038-01-19"). */
export const DATE_LIMIT = new Date("2038-01-19T00:00:00.000Z");

export const BUNDLE_TYPES = ["percentage", "fixed"] as const;
export type BundleType = (typeof BUNDLE_TYPES)[number];

/** Bundles are short lists of products; the bound keeps one request's lookups small. */
export const MAX_BUNDLE_ITEMS = 100;

/** A body is a full replacement: "", null and a field left out all clear it. */
function nullable<T extends z.ZodType>(schema: T) {
  return blankAsNull(schema).transform((value) => value ?? null);
}

function limitedDate() {
  return date().refine((value) => value < DATE_LIMIT, {
    error: (issue) => `The ${String(issue.path?.join(".") ?? "date").replace(/_/g, " ")} field must be a date before 2038-01-19.`,
  });
}

const name = z.string().trim().min(1).max(255);
const positiveCount = integer({ min: 1 });

/** Fields both promotions share: how often per cart, in which order, and when. */
const scheduling = {
  max_uses_per_cart: nullable(positiveCount),
  priority: nullable(integer({ min: 0 })),
  starts_at: nullable(limitedDate()),
  ends_at: nullable(limitedDate()),
  enabled: boolean(),
};

function endsAfterStarts(value: { starts_at: Date | null; ends_at: Date | null }, ctx: z.RefinementCtx) {
  if (value.starts_at && value.ends_at && value.ends_at <= value.starts_at) {
    ctx.addIssue({ code: "custom", path: ["ends_at"], message: "The ends at field must be a date after starts at." });
  }
}

export const quantityDealBody = z
  .object({
    name,
    product_id: recordId(),
    variant_id: nullable(recordId()),
    buy_quantity: positiveCount,
    discounted_quantity: positiveCount,
    percentage: number({ min: 0.01, max: 100 }),
    ...scheduling,
  })
  .superRefine(endsAfterStarts);
export type QuantityDealInput = z.output<typeof quantityDealBody>;

export const bundleOfferBody = z
  .object({
    name,
    type: z.enum(BUNDLE_TYPES),
    discount: number({ min: 0.01, max: 999_999 }),
    ...scheduling,
    items: z.array(recordId()).min(1).max(MAX_BUNDLE_ITEMS),
  })
  .superRefine(endsAfterStarts);
export type BundleOfferInput = z.output<typeof bundleOfferBody>;

/** `page` and `perPage` of the deal and offer lists (seller paginated envelope). */
export const promotionListQuery = z
  .object({
    ...pageFields,
  })
  .transform(withPageDefaults);
export type PromotionListQuery = z.output<typeof promotionListQuery>;

// ---------------------------------------------------------------- responses

/**
 * Deal and offer records (the spec does not show them): the input fields
 * with their types, plus ids, timestamps and the products they apply to, so
 * that a record can be sent back to update unchanged.
 */
export const quantityDealView = z
  .object({
    id: z.int(),
    shop_id: z.int(),
    name: z.string(),
    product_id: z.int(),
    variant_id: z.int().nullable(),
    buy_quantity: z.int(),
    discounted_quantity: z.int(),
    percentage: z.number(),
    max_uses_per_cart: z.int().nullable(),
    priority: z.int(),
    starts_at: timestamp.nullable(),
    ends_at: timestamp.nullable(),
    enabled: z.boolean(),
    created_at: timestamp,
    updated_at: timestamp,
    product: z.object({ id: z.int(), name: z.string() }),
    variant: z.object({ id: z.int(), name: z.string(), price: amountString }).nullable(),
  })
  .meta({ id: "QuantityDeal" });
export type QuantityDealView = z.output<typeof quantityDealView>;

export const bundleOfferView = z
  .object({
    id: z.int(),
    shop_id: z.int(),
    name: z.string(),
    type: z.string().describe(`One of ${BUNDLE_TYPES.join(", ")}.`),
    discount: z.number(),
    max_uses_per_cart: z.int().nullable(),
    priority: z.int(),
    starts_at: timestamp.nullable(),
    ends_at: timestamp.nullable(),
    enabled: z.boolean(),
    items: z.array(z.int()).describe("The bundled product ids."),
    products: z.array(z.object({ id: z.int(), name: z.string() })),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: "BundleOffer" });
export type BundleOfferView = z.output<typeof bundleOfferView>;

export const quantityDealPage = sellerPageOf(quantityDealView);
export type QuantityDealPage = z.output<typeof quantityDealPage>;
export const bundleOfferPage = sellerPageOf(bundleOfferView);
export type BundleOfferPage = z.output<typeof bundleOfferPage>;
