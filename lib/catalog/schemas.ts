import { publicHttpUrl } from "../outbound/public-url";
import { amountString, flag, sellerPageOf, timestamp } from "../api/schemas";
import { attachedCustomFieldView } from "../custom-fields/schemas";
import { imageView } from "../images/schemas";
import { blankAsAbsent } from "../validation/blank";
import { blankAsNull } from "../validation/blank";
import { boolean, hexColour, integer, list, money, nullableText, number, requiredText } from "../validation/fields";
import * as z from "../validation/zod";
import { recordId } from "../validation/ids";
import { pageFields, withPageDefaults } from "../validation/paging";

/**
 * Product, variant and stock request and response schemas (API-CONVENTIONS "Catalog
 * routes beyond the spec"), shared by the routes, the OpenAPI document and
 * the dashboard forms. Path params are in ./params.ts (they throw the API's 404).
 */

export const PRODUCT_VISIBILITIES = ["public", "unlisted", "private", "on_hold"] as const;
export const DELIVERABLES_TYPES = ["serials", "service", "dynamic"] as const;
export const PRODUCT_TYPES = ["variant", "addon"] as const;
export const PRODUCT_ORDER_COLUMNS = ["id", "name", "price", "products_sold"] as const;
export type ProductOrderColumn = (typeof PRODUCT_ORDER_COLUMNS)[number];

export const NAME_MAX = 255;
export const HTML_MAX = 65_535;
export const PRICE_MAX = 999_999.99;
export const VARIANTS_MAX = 100;
export const SERVICE_STOCK_MAX = 1_000_000;
/** One serial (key, code, account line). */
export const DELIVERABLE_MAX = 2000;
export const DELIVERABLES_PER_REQUEST_MAX = 10_000;

/** What the product's HTML fields hold: the seller's markup, cut down when written. */
const SELLER_HTML =
  'HTML, sanitised when written: text, lists, tables, http(s)/mailto links (given rel="nofollow ugc noopener") and images from this server\'s /cdn/ only; no scripts, styles, event handlers, class or id.';

const variantInput = z.object({
  /** An existing variant of this product to keep (update); absent creates a new one. */
  id: recordId().optional(),
  name: requiredText(NAME_MAX),
  description: nullableText(HTML_MAX),
  price: money({ min: 0, max: PRICE_MAX }),
  dynamic_url: publicHttpUrl().nullish(),
});

/** The gateway codes a shop's payment methods name (lib/payments/gateways.ts); upper-cased as sent. */
export const PRODUCT_GATEWAY_CODES = ["CARDPROC", "BTC", "LTC", "MANUAL", "CUSTOMERBALANCE"] as const;
export const BADGES_MAX = 5;
export const BADGE_TEXT_MAX = 64;
export const STATUS_TEXT_MAX = 64;
export const DELIVERABLES_LABEL_MAX = 64;
export const VOLUME_DISCOUNTS_MAX = 20;
export const DISCORD_ROLES_MAX = 50;
const URL_MAX = 2048;

const gatewayCodes = z
  .array(z.preprocess((value) => (typeof value === "string" ? value.trim().toUpperCase() : value), z.enum(PRODUCT_GATEWAY_CODES)))
  .max(PRODUCT_GATEWAY_CODES.length * 2)
  .transform((codes) => [...new Set(codes)]);

/** A Discord id (snowflake): 17 to 20 digits, sent as a string or a number. */
const snowflake = z.preprocess(
  (value) => (typeof value === "number" && Number.isSafeInteger(value) ? String(value) : value),
  z
    .string()
    .trim()
    .regex(/^\d{17,20}$/, "A Discord role id is 17 to 20 digits."),
);
const discordRoles = z
  .array(snowflake)
  .max(DISCORD_ROLES_MAX)
  .transform((ids) => [...new Set(ids)]);

const badge = z.object({ text: requiredText(BADGE_TEXT_MAX), color: hexColour() });
const badges = z.array(badge).max(BADGES_MAX);

/** `[{qty, percent}]`: a line of at least `qty` units of the product gets `percent` % off (the largest tier reached). */
const volumeDiscounts = z
  .array(
    z.object({
      qty: integer({ min: 2, max: 1_000_000 }),
      percent: number({ min: 0, max: 100 }).refine((percent) => percent > 0, { message: "The percent must be greater than 0." }),
    }),
  )
  .max(VOLUME_DISCOUNTS_MAX)
  .superRefine((tiers, ctx) => {
    const seen = new Set<number>();
    tiers.forEach((tier, index) => {
      if (seen.has(tier.qty)) ctx.addIssue({ code: "custom", path: [index, "qty"], message: "Each volume discount needs a distinct qty." });
      seen.add(tier.qty);
    });
  });
export type VolumeDiscountTier = { qty: number; percent: number };

/** Where the buyer's page sends the buyer after payment: an http(s) URL (a link, never fetched by the server). */
const redirectUrl = z
  .string()
  .trim()
  .max(URL_MAX)
  .refine((text) => URL.canParse(text) && ["http:", "https:"].includes(new URL(text).protocol), {
    message: "The redirect url field must be a valid http or https URL.",
  });

/** The product fields the clients of this API family send (issue 29); shared by create/update and the bulk routes. */
export const productClientFields = {
  disabled_payment_methods: gatewayCodes,
  discord_required: boolean(),
  discord_roles: discordRoles,
  badges,
  status_color: blankAsNull(hexColour()),
  status_text: blankAsNull(z.string().trim().max(STATUS_TEXT_MAX)),
  live_stats: boolean(),
  feedback_coupon: blankAsNull(recordId()),
  feedback_coupon_min_rating: integer({ min: 1, max: 5 }),
  volume_discounts: volumeDiscounts,
  disable_volume_discounts_if_coupon: boolean(),
  redirect_url: blankAsNull(redirectUrl),
  deliverables_label: blankAsNull(z.string().trim().max(DELIVERABLES_LABEL_MAX)),
};

const idList = (field: string) =>
  list(recordId())
    .refine((ids) => new Set(ids).size === ids.length, { message: `The ${field} field has a duplicate value.` })
    .optional();

/** POST /products and PUT /products/{productId}/update (same body). */
export const productSchema = z
  .object({
    name: requiredText(NAME_MAX),
    currency: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{3}$/, "The currency field must be a 3-letter ISO 4217 code.")
      .transform((c) => c.toUpperCase())
      .optional(),
    visibility: z.enum(PRODUCT_VISIBILITIES).optional(),
    deliverables_type: z.enum(DELIVERABLES_TYPES).optional(),
    type: z.enum(PRODUCT_TYPES).optional(),
    description: nullableText(HTML_MAX),
    instructions: nullableText(HTML_MAX),
    out_of_stock_message: nullableText(NAME_MAX),
    group_id: recordId().nullish(),
    image_ids: idList("image ids"),
    custom_field_ids: idList("custom field ids"),
    sort_priority: integer({ min: 0, max: 1_000_000 }).optional(),
    quantity_min: integer({ min: 1, max: 1_000_000 }).nullish(),
    quantity_max: integer({ min: 1, max: 1_000_000 }).nullish(),
    block_vpn: boolean().optional(),
    disabled_payment_methods: productClientFields.disabled_payment_methods.optional(),
    discord_required: productClientFields.discord_required.optional(),
    discord_roles: productClientFields.discord_roles.optional(),
    badges: productClientFields.badges.optional(),
    status_color: productClientFields.status_color,
    status_text: productClientFields.status_text,
    live_stats: productClientFields.live_stats.optional(),
    feedback_coupon: productClientFields.feedback_coupon,
    feedback_coupon_min_rating: productClientFields.feedback_coupon_min_rating.optional(),
    volume_discounts: productClientFields.volume_discounts.optional(),
    disable_volume_discounts_if_coupon: productClientFields.disable_volume_discounts_if_coupon.optional(),
    redirect_url: productClientFields.redirect_url,
    deliverables_label: productClientFields.deliverables_label,
    variants: z.array(variantInput).min(1).max(VARIANTS_MAX),
  })
  .superRefine((product, ctx) => {
    if (product.quantity_min != null && product.quantity_max != null && product.quantity_max < product.quantity_min) {
      ctx.addIssue({
        code: "custom",
        path: ["quantity_max"],
        message: "The quantity max field must be greater than or equal to quantity min.",
      });
    }
    product.variants.forEach((variant, index) => {
      if ((product.deliverables_type ?? "serials") === "dynamic" && !variant.dynamic_url) {
        ctx.addIssue({
          code: "custom",
          path: ["variants", index, "dynamic_url"],
          message: `The variants.${index}.dynamic_url field is required when deliverables type is dynamic.`,
        });
      }
    });
    const keptIds = product.variants.flatMap((variant) => (variant.id === undefined ? [] : [variant.id]));
    if (new Set(keptIds).size !== keptIds.length) {
      ctx.addIssue({ code: "custom", path: ["variants"], message: "The variants field names the same variant twice." });
    }
  });
export type ProductInput = z.output<typeof productSchema>;

/** GET /products */
export const listProductsQuery = z
  .object({
    ...pageFields,
    orderColumn: blankAsAbsent(z.enum(PRODUCT_ORDER_COLUMNS)),
    orderDirection: blankAsAbsent(z.enum(["asc", "desc"])),
    name: blankAsAbsent(z.preprocess((value) => (typeof value === "number" ? String(value) : value), z.string().max(NAME_MAX))),
    ids: blankAsAbsent(list(recordId()).pipe(z.array(z.number()).max(1000))),
    group_ids: blankAsAbsent(list(recordId()).pipe(z.array(z.number()).max(1000))),
    visibilities: blankAsAbsent(list(z.enum(PRODUCT_VISIBILITIES))),
    type: blankAsAbsent(z.enum(PRODUCT_TYPES)),
    deliverables_type: blankAsAbsent(z.enum(DELIVERABLES_TYPES)),
    /** products at any of these paths */
    paths: blankAsAbsent(list(z.string().max(NAME_MAX)).pipe(z.array(z.string()).max(1000))),
    /** products with a live variant whose name contains this */
    variant_name: blankAsAbsent(z.string().max(NAME_MAX)),
    /** true: products in no group; false: products in one */
    group_null: blankAsAbsent(boolean()),
    /** every match in one page (at most MAX_ALL_PRODUCTS) */
    all: blankAsAbsent(boolean()),
  })
  .transform((query) => ({
    ...withPageDefaults(query),
    orderColumn: query.orderColumn ?? ("id" as ProductOrderColumn),
    orderDirection: query.orderDirection ?? ("desc" as "asc" | "desc"),
  }));
export type ListProductsQuery = z.output<typeof listProductsQuery>;

/** PUT /products/{productId}/stock/{variantId}: exactly one of `stock` (absolute) or `delta`. */
export const stockSchema = z
  .object({
    stock: integer({ min: 0, max: SERVICE_STOCK_MAX }).optional(),
    delta: integer({ min: -SERVICE_STOCK_MAX, max: SERVICE_STOCK_MAX }).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.stock === undefined && body.delta === undefined) {
      ctx.addIssue({ code: "custom", path: ["stock"], message: "The stock field is required when delta is not present." });
    }
    if (body.stock !== undefined && body.delta !== undefined) {
      ctx.addIssue({ code: "custom", path: ["delta"], message: "The delta field is prohibited when stock is present." });
    }
  });
export type StockInput = z.output<typeof stockSchema>;

/** An array of strings or one newline-separated string; blank lines are dropped, each line trimmed. */
const deliverableLines = z.preprocess(
  (value) => (typeof value === "string" ? value.split(/\r?\n/) : value),
  z
    .array(z.string().max(DELIVERABLE_MAX))
    .max(DELIVERABLES_PER_REQUEST_MAX)
    .transform((lines) => lines.map((line) => line.trim()).filter((line) => line !== "")),
);

const someDeliverableLines = deliverableLines.refine((lines) => lines.length > 0, { message: "The deliverables field is required." });

/** PUT /products/{productId}/deliverables/append/{variantId} */
export const appendDeliverablesSchema = z.object({ deliverables: someDeliverableLines });

/** PUT /products/{productId}/deliverables/remove/{variantId}: the unsold serials to take out of stock. */
export const removeDeliverablesSchema = z.object({ deliverables: someDeliverableLines });

/** PUT /products/{productId}/deliverables/overwrite/{variantId}: an empty list clears the unsold stock. */
export const overwriteDeliverablesSchema = z.object({ deliverables: deliverableLines });
export type DeliverablesInput = { deliverables: string[] };

// ---------------------------------------------------------------- responses

/** A variant as invoices show it (the spec leaves its fields open). */
export const variantView = z
  .object({
    id: z.int(),
    product_id: z.int(),
    name: z.string(),
    description: z.string(),
    price: amountString,
    dynamic_url: z.string().nullable(),
    sort_priority: z.int(),
    created_at: timestamp,
    updated_at: timestamp,
    deleted_at: timestamp.nullable(),
  })
  .meta({ id: "Variant" });
export type VariantView = z.output<typeof variantView>;

/** A variant of a product with its derived stock: null when it is never sold out. */
export const productVariantView = variantView.extend({ stock: z.int().nullable() }).meta({ id: "ProductVariant" });
export type ProductVariantView = z.output<typeof productVariantView>;

/**
 * The spec's "Product (as embedded in a group)" with its images, variants
 * and custom fields; the product routes answer the same shape.
 */
export const productView = z
  .object({
    id: z.int(),
    salt: z.string(),
    created_at: timestamp,
    updated_at: timestamp,
    deleted_at: timestamp.nullable(),
    name: z.string(),
    path: z.string(),
    description: z.string().describe(SELLER_HTML),
    price: amountString.describe("The lowest variant price."),
    currency: z.string(),
    payment_methods: z.array(z.string()),
    deliverables: z.string().describe("The unsold serials, one per line, oldest first."),
    deliverables_type: z.string().describe(`One of ${DELIVERABLES_TYPES.join(", ")}.`),
    stock: z.int().nullable().describe("Null when the product is never sold out."),
    image_url: z.string().nullable(),
    group_id: z.int().nullable(),
    shop_id: z.int(),
    volume_discounts: z
      .array(z.object({ qty: z.int(), percent: z.number() }))
      .describe("A line of at least qty units of this product gets percent % off (the largest tier reached), before the coupon."),
    disable_volume_discounts_if_coupon: flag,
    disabled_payment_methods: z.array(z.string()).describe("Gateway codes the checkout refuses for a cart holding this product."),
    discord_required: flag,
    discord_roles: z.array(z.string()).describe("Discord role ids, stored for the Discord integration (the grant comes later)."),
    badges: z.array(z.object({ text: z.string(), color: z.string().describe("#rrggbb") })),
    status_color: z.string().nullable().describe("#rrggbb"),
    status_text: z.string().nullable(),
    live_stats: flag,
    feedback_coupon: z.int().nullable().describe("A coupon of the shop handed out for feedback."),
    feedback_coupon_min_rating: z.int().describe("The rating (1-5) a buyer's feedback must reach to be given the feedback coupon."),
    average_rating: z
      .number()
      .nullable()
      .describe("The average rating (2 decimals) of the undisputed feedback on invoices holding this product; null without any."),
    feedback_count: z.int().describe("How many undisputed feedbacks the average is of."),
    redirect_url: z.string().nullable().describe("Where the buyer's page sends the buyer once the invoice is completed."),
    deliverables_label: z.string().nullable().describe("The label above the delivered items on the buyer's page."),
    type: z.string().describe(`One of ${PRODUCT_TYPES.join(", ")}.`),
    instructions: z.string().describe(SELLER_HTML),
    out_of_stock_message: z.string().nullable(),
    sort_priority: z.int(),
    group_sort_priority: z.int(),
    visibility: z.string().describe(`One of ${PRODUCT_VISIBILITIES.join(", ")}.`),
    on_hold: flag,
    cdn_image_id: z.string().nullable(),
    quantity_min: z.int().nullable(),
    quantity_max: z.int().nullable(),
    chat_guild_id: z.string().nullable(),
    chat_role_id: z.string().nullable(),
    block_vpn: flag,
    stock_count: z.int().describe("-1 when the product is never sold out."),
    images: z.array(imageView.extend({ pivot: z.object({ product_id: z.int(), image_id: z.int() }) })),
    variants: z.array(productVariantView),
    custom_fields: z.array(attachedCustomFieldView),
  })
  .meta({ id: "Product" });
export type ProductView = z.output<typeof productView>;

export const productPage = sellerPageOf(productView);
export type ProductPage = z.output<typeof productPage>;

/** GET .../deliverables/{variantId} */
export const unsoldSerialsView = z.object({ variant_id: z.int(), count: z.int(), deliverables: z.array(z.string()) });
export type UnsoldSerialsView = z.output<typeof unsoldSerialsView>;

/** PUT .../deliverables/append/{variantId}: lines already in stock (or repeated) are duplicates. */
export const appendedSerialsView = z.object({ added: z.int(), duplicates: z.int() });
export type AppendedSerialsView = z.output<typeof appendedSerialsView>;

/** PUT .../deliverables/overwrite/{variantId} */
export const overwrittenSerialsView = appendedSerialsView.extend({ removed: z.int().describe("Unsold serials taken out.") });
export type OverwrittenSerialsView = z.output<typeof overwrittenSerialsView>;

/** PUT .../deliverables/remove/{variantId}: `not_found` counts lines that were not an unsold serial. */
export const removedSerialsView = z.object({ removed: z.int(), not_found: z.int() });
export type RemovedSerialsView = z.output<typeof removedSerialsView>;

/** PUT /v1/shops/{shopId}/products/sort: the products in their new order, first first (`sort_priority` 0, 1, 2...). */
export const sortProductsBody = z.object({
  sortedIds: z
    .array(recordId())
    .min(1)
    .max(10_000)
    .refine((ids) => new Set(ids).size === ids.length, { message: "The sorted ids field has a duplicate value." }),
});
export type SortProductsInput = z.output<typeof sortProductsBody>;

export const sortedProductsView = z.object({ message: z.string(), updated: z.int() }).meta({ id: "SortedProducts" });

// ---------------------------------------------------------------- bulk update

export const BULK_UPDATE_MAX = 1000;

/** The products a bulk update changes: `product_ids` (live products of the shop), or every live product of `group_id`. */
const bulkTarget = {
  product_ids: z
    .array(recordId())
    .min(1)
    .max(BULK_UPDATE_MAX)
    .refine((ids) => new Set(ids).size === ids.length, { message: "The product ids field has a duplicate value." })
    .optional(),
  group_id: recordId().optional(),
};

function bulkBody<T extends z.ZodRawShape>(shape: T) {
  return z.object({ ...bulkTarget, ...shape }).superRefine((parsed, ctx) => {
    const body = parsed as { product_ids?: unknown; group_id?: unknown };
    const hasIds = body.product_ids !== undefined;
    const hasGroup = body.group_id !== undefined;
    if (hasIds === hasGroup) {
      ctx.addIssue({
        code: "custom",
        path: ["product_ids"],
        message: hasIds ? "Send product ids or group id, not both." : "The product ids field is required when group id is not present.",
      });
    }
  });
}

/** Absent is null: the bulk route clears the setting when the body leaves it out. */
const absentAsNull = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === undefined ? null : value), schema);

/** PUT /v1/shops/{shopId}/products/bulk-update/{field}: the body of each field (the path segment names it). */
export const bulkUpdateBodies = {
  "disabled-payment-methods": bulkBody({ disabled_payment_methods: productClientFields.disabled_payment_methods }),
  "custom-fields": bulkBody({
    custom_field_ids: z
      .array(recordId())
      .max(100)
      .refine((ids) => new Set(ids).size === ids.length, { message: "The custom field ids field has a duplicate value." }),
  }),
  "discord-integration": bulkBody({
    discord_required: productClientFields.discord_required,
    discord_roles: productClientFields.discord_roles.optional(),
  }),
  description: bulkBody({
    description: z.string().max(HTML_MAX),
    type: z.enum(["overwrite", "append", "prepend"]).default("overwrite"),
  }),
  instructions: bulkBody({ instructions: z.string().max(HTML_MAX).nullable() }),
  "out-of-stock-message": bulkBody({ out_of_stock_message: z.string().max(NAME_MAX).nullable() }),
  security: bulkBody({ block_vpn: boolean() }),
  badges: bulkBody({ badges: productClientFields.badges }),
  status: bulkBody({
    status_color: absentAsNull(productClientFields.status_color),
    status_text: absentAsNull(productClientFields.status_text),
  }),
  visibility: bulkBody({ visibility: z.enum(PRODUCT_VISIBILITIES) }),
  "live-stats": bulkBody({ live_stats: productClientFields.live_stats }),
  "feedback-coupon": bulkBody({
    feedback_coupon: absentAsNull(productClientFields.feedback_coupon),
    feedback_coupon_min_rating: productClientFields.feedback_coupon_min_rating.optional(),
  }),
  "volume-discounts": bulkBody({
    volume_discounts: productClientFields.volume_discounts,
    disable_volume_discounts_if_coupon: productClientFields.disable_volume_discounts_if_coupon.optional(),
  }),
  "redirect-url": bulkBody({ redirect_url: absentAsNull(productClientFields.redirect_url) }),
  "deliverables-type": bulkBody({ deliverables_type: z.enum(DELIVERABLES_TYPES) }),
  "deliverables-label": bulkBody({ deliverables_label: absentAsNull(productClientFields.deliverables_label) }),
};
export type BulkUpdateField = keyof typeof bulkUpdateBodies;
export const BULK_UPDATE_FIELDS = Object.keys(bulkUpdateBodies) as BulkUpdateField[];
export type BulkUpdateInput<F extends BulkUpdateField> = z.output<(typeof bulkUpdateBodies)[F]>;

/** What the route parses before it knows the field: any JSON object (the field's own schema parses it next). */
export const bulkUpdateAnyBody = z.looseObject({});

/** The OpenAPI body: one of the field bodies, as the `{field}` segment names it. */
export const bulkUpdateDocumentedBody = z.union(Object.values(bulkUpdateBodies) as unknown as [z.ZodType, z.ZodType, ...z.ZodType[]]);

export const bulkUpdatedView = z
  .object({ message: z.string(), updated: z.int().describe("How many products were changed.") })
  .meta({ id: "BulkUpdatedProducts" });

/** `{field}` of the bulk-update route, as sent: an unknown one is 404 once the body is read. */
export const bulkUpdateParams = z.object({ field: z.string() }).passthrough();
