import { amountString, resellerPageOf, sellerPageOf, timestamp } from "../api/schemas";
import { loginSchema, userView } from "../auth/schemas";
import { integer, money } from "../validation/fields";
import * as z from "../validation/zod";
import { recordId } from "../validation/ids";
import { pageFields, withPageDefaults } from "../validation/paging";

/**
 * Request and response schemas of the reseller API, the signed receiver and the seller's
 * reseller management, shared by the routes and the OpenAPI document.
 */

/** `page` and `perPage` (1..100) of the reseller envelope; body fields are folded into the query by server.ts. */
export const resellerPageQuery = z
  .object({
    ...pageFields,
  })
  .transform(withPageDefaults);
export type ResellerPageQuery = z.output<typeof resellerPageQuery>;

const invoiceLine = z.object({
  product_id: recordId(),
  variant_id: recordId(),
  /** no upper bound of its own: balance and stock refuse what cannot be sold */
  quantity: integer({ min: 1 }),
});

export const createResellerInvoiceSchema = z.object({
  items: z.array(invoiceLine).min(1).max(100),
});
export type CreateResellerInvoiceInput = z.output<typeof createResellerInvoiceSchema>;

export const IDEMPOTENCY_KEY_MAX = 255;

// ---------------------------------------------------------------- seller side

export const RESELLER_STATUSES = ["pending", "approved", "suspended"] as const;

export const listResellersQuery = z
  .object({
    ...pageFields,
    status: z.enum(RESELLER_STATUSES).optional(),
    /** case-insensitive substring of the reseller's email */
    email: z.string().trim().max(255).optional(),
  })
  .transform(withPageDefaults);
export type ListResellersQuery = z.output<typeof listResellersQuery>;

/** The seller invites a person (by email) to resell; an unknown email gets an account without a password. */
export const inviteResellerSchema = z.object({
  email: z.string().trim().toLowerCase().max(255).pipe(z.email()),
  name: z.string().trim().min(1).max(255).optional(),
  /** `approved` skips the approval step */
  status: z.enum(["pending", "approved"]).optional().default("pending"),
});
export type InviteResellerInput = z.output<typeof inviteResellerSchema>;

export const adjustBalanceSchema = z.object({
  amount: money({ min: -999_999_999, max: 999_999_999 }).refine((value) => value !== 0, { error: "The amount field must not be zero." }),
  reason: z.string().trim().min(1).max(255),
});
export type AdjustBalanceInput = z.output<typeof adjustBalanceSchema>;

export const tierSchema = z.object({
  name: z.string().trim().min(1).max(255),
  discount_percentage: money({ min: 0, max: 100 }),
  min_spent_usd: money({ min: 0, max: 999_999_999 }),
  min_sales_count: integer({ min: 0 }),
  // shown as an image in the reseller portal: a web address only, never javascript: or data:
  image_url: z
    .string()
    .trim()
    .max(2048)
    .pipe(z.url({ protocol: /^https?$/, error: "The image url field must be an http or https URL." }))
    .nullable()
    .optional(),
});
export type TierInput = z.output<typeof tierSchema>;

export const updateTierSchema = tierSchema.partial();
export const tierPageQuery = resellerPageQuery;

// ---------------------------------------------------------------- reseller portal

const shopIdField = recordId();

/** Portal sign-in; `shop_id` only matters to a person who resells for several shops. */
/** With two-factor sign-in on (set in the dashboard: it is the same account), `code` as on the dashboard's sign-in. */
export const resellerLoginSchema = loginSchema.extend({
  shop_id: shopIdField.optional(),
});
export type ResellerLoginInput = z.output<typeof resellerLoginSchema>;

/** A new account's password must be at least this long (checked when the account is made). */
export { NEW_PASSWORD_MIN } from "../auth/schemas";

/**
 * Applying to resell for a shop: a signed-in portal user sends only
 * `shop_id`; anyone else also sends `email` and `password` (an existing
 * account's, or those of the account to create) and optionally `name`.
 */
export const applySchema = z.object({
  shop_id: shopIdField,
  email: z.string().trim().toLowerCase().max(255).pipe(z.email()).optional(),
  password: z.string().min(1).max(1000).optional(),
  name: z.string().trim().min(1).max(255).optional(),
});
export type ApplyInput = z.output<typeof applySchema>;

/** The e-mailed link's token of an application from an address without a proven account. */
export const confirmApplicationSchema = z.object({ token: z.string().trim().min(1).max(200) });
export type ConfirmApplicationInput = z.output<typeof confirmApplicationSchema>;

/** A signed call of the reseller's own receiver, made by the server (the secret never reaches the page). */
export const testDeliverySchema = z.object({
  product_id: recordId(),
  variant_id: recordId(),
  quantity: integer({ min: 1, max: 100 }).optional().default(1),
});
export type TestDeliveryInput = z.output<typeof testDeliverySchema>;

// ---------------------------------------------------------------- responses

export const resellerCatalogVariantView = z
  .object({
    id: z.int(),
    name: z.string(),
    price: z.number().describe("The list price."),
    reseller_price: z.number().describe("The reseller's price: the list price less the tier discount, rounded to cents."),
    discount_percentage: z.number(),
    stock: z.int().describe("-1 when never sold out (dynamic delivery)."),
    deliverables_type: z.string(),
    dynamic_url: z.string().describe("Where the reseller's own shop sends dynamic-delivery requests for this variant."),
  })
  .meta({ id: "ResellerCatalogVariant" });
export type ResellerCatalogVariantView = z.output<typeof resellerCatalogVariantView>;

export const resellerCatalogProductView = z
  .object({ id: z.int(), name: z.string(), currency: z.string(), variants: z.array(resellerCatalogVariantView) })
  .meta({ id: "ResellerCatalogProduct" });
export type ResellerCatalogProductView = z.output<typeof resellerCatalogProductView>;

export const resellerCatalogPage = resellerPageOf(resellerCatalogProductView);
export type ResellerCatalogPage = z.output<typeof resellerCatalogPage>;

export const tierSummaryView = z
  .object({ name: z.string(), discount_percentage: z.number(), image_url: z.string().nullable() })
  .meta({ id: "ResellerTierSummary" });
export type TierSummaryView = z.output<typeof tierSummaryView>;

export const nextTierView = tierSummaryView
  .extend({ min_spent_usd: amountString, min_sales_count: z.int() })
  .meta({ id: "ResellerNextTier" });
export type NextTierView = z.output<typeof nextTierView>;

/** The spec's Reseller balance: the tier is the one earned from the reseller's history. */
export const resellerBalanceView = z
  .object({
    balance: z.number(),
    currency: z.literal("USD"),
    tier: tierSummaryView.nullable(),
    total_spent_usd: z.number(),
    total_orders: z.int(),
    next_tier: nextTierView.nullable(),
  })
  .meta({ id: "ResellerBalance" });
export type ResellerBalanceView = z.output<typeof resellerBalanceView>;

export const resellerInvoiceListItemView = z
  .object({
    id: z.int(),
    status: z.string(),
    price_usd: amountString,
    reseller_source: z.int().describe("1 = api, 2 = dynamic"),
    completed_at: timestamp.nullable(),
    created_at: timestamp,
  })
  .meta({ id: "ResellerInvoiceListItem" });
export type ResellerInvoiceListItemView = z.output<typeof resellerInvoiceListItemView>;

export const resellerInvoicePage = resellerPageOf(resellerInvoiceListItemView);
export type ResellerInvoicePage = z.output<typeof resellerInvoicePage>;

export const resellerInvoiceView = z
  .object({
    id: z.int(),
    unique_id: z.string(),
    status: z.string(),
    total_usd: z.number(),
    source: z.string().describe("api or dynamic"),
    created_at: timestamp,
    completed_at: timestamp.nullable(),
    items: z.array(
      z.object({
        product_id: z.int().nullable(),
        product_name: z.string(),
        variant_id: z.int().nullable(),
        variant_name: z.string(),
        quantity: z.int(),
        status: z.string().describe("completed, or pending while a dynamic delivery is awaited"),
        total_price_usd: z.number(),
        reseller_discount: z.number(),
        delivered: z.array(z.string()).describe("The keys or deliverables."),
      }),
    ),
  })
  .meta({ id: "ResellerInvoice" });
export type ResellerInvoiceView = z.output<typeof resellerInvoiceView>;

/** New credentials are in these answers only; the old ones stop working at once. */
export const rotatedApiKeyView = z.object({ api_key: z.string() });
export type RotatedApiKeyView = z.output<typeof rotatedApiKeyView>;
export const rotatedSigningSecretView = z.object({ signing_secret: z.string() });
export type RotatedSigningSecretView = z.output<typeof rotatedSigningSecretView>;
export const rotatedDynamicTokenView = z.object({ dynamic_token: z.string() });
export type RotatedDynamicTokenView = z.output<typeof rotatedDynamicTokenView>;

/** A reseller as its seller manages it. */
export const resellerView = z
  .object({
    id: z.int(),
    shop_id: z.int(),
    email: z.string(),
    /** the name the seller gave at the invitation (or the e-mail's local part); an applicant's own name */
    name: z.string(),
    status: z.string().describe(`One of ${RESELLER_STATUSES.join(", ")}.`),
    balance: z.number(),
    currency: z.literal("USD"),
    tier: tierSummaryView.nullable(),
    total_spent_usd: z.number(),
    total_orders: z.int(),
    api_key_prefix: z.string().nullable(),
    approved_at: timestamp.nullable(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: "Reseller" });
export type ResellerView = z.output<typeof resellerView>;

export const resellerListPage = sellerPageOf(resellerView);
export type ResellerListPage = z.output<typeof resellerListPage>;

export const resellerTierView = z
  .object({
    id: z.int(),
    shop_id: z.int(),
    name: z.string(),
    discount_percentage: z.number(),
    min_spent_usd: amountString,
    min_sales_count: z.int(),
    image_url: z.string().nullable(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: "ResellerTier" });
export type ResellerTierView = z.output<typeof resellerTierView>;

export const resellerTierPage = sellerPageOf(resellerTierView);
export type ResellerTierPage = z.output<typeof resellerTierPage>;

/** A credit or charge of the balance, with the balance after it. */
export const ledgerEntryView = z
  .object({
    id: z.int(),
    kind: z.string().describe("credit, charge, adjustment or refund"),
    amount_usd: z.number(),
    balance_after: z.number(),
    reason: z.string(),
    invoice: z.object({ id: z.int(), unique_id: z.string() }).nullable(),
    created_at: timestamp,
  })
  .meta({ id: "ResellerLedgerEntry" });
export type LedgerEntryView = z.output<typeof ledgerEntryView>;

export const ledgerPage = resellerPageOf(ledgerEntryView);
export type LedgerPage = z.output<typeof ledgerPage>;

/** Portal sign-in and GET /v1/reseller/me: who is signed in, for which shop, and the credentials' public parts. */
export const portalProfileView = z
  .object({
    user: userView,
    reseller: z.object({
      id: z.int(),
      status: z.string(),
      shop: z.object({ id: z.int(), name: z.string() }),
      api_key_prefix: z.string().nullable(),
      dynamic_token: z.string(),
      approved_at: timestamp.nullable(),
      created_at: timestamp,
    }),
  })
  .meta({ id: "ResellerProfile" });
export type PortalProfileView = z.output<typeof portalProfileView>;

/** POST /v1/reseller/apply */
export const applicationView = z.object({
  message: z.string(),
  reseller: z.object({ id: z.int(), status: z.string(), shop: z.object({ id: z.int(), name: z.string() }) }),
});
export type ApplicationView = z.output<typeof applicationView>;

/** The same answer for every address whose account the application did not prove: the mailbox goes on. */
export const applicationPendingView = z.object({ message: z.string() });
export type ApplicationPendingView = z.output<typeof applicationPendingView>;

/** POST /v1/reseller/test-delivery: the receiver's answer; `status` is null when it could not be reached. */
export const testDeliveryView = z.object({ url: z.string(), status: z.int().nullable(), body: z.string() });
export type TestDeliveryView = z.output<typeof testDeliveryView>;
