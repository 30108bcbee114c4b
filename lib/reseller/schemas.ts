import { integer, money, z } from "../validation/fields";

/**
 * Request schemas of the reseller API, the signed receiver and the seller's
 * reseller management, shared by the routes and the OpenAPI document.
 */

/** Postgres `integer`: larger ids name no row and must not reach the database. */
const MAX_INT = 2_147_483_647;

/** `page` and `perPage` (1..100) of the reseller envelope; body fields are folded into the query by server.ts. */
export const resellerPageQuery = z.object({
  page: integer({ min: 1, max: MAX_INT }).optional().default(1),
  perPage: integer({ min: 1, max: 100 }).optional().default(20),
});
export type ResellerPageQuery = z.output<typeof resellerPageQuery>;

const invoiceLine = z.object({
  product_id: integer({ min: 1, max: MAX_INT }),
  variant_id: integer({ min: 1, max: MAX_INT }),
  /** no upper bound of its own: balance and stock refuse what cannot be sold */
  quantity: integer({ min: 1, max: MAX_INT }),
});

export const createResellerInvoiceSchema = z.object({
  items: z.array(invoiceLine).min(1).max(100),
});
export type CreateResellerInvoiceInput = z.output<typeof createResellerInvoiceSchema>;

export const IDEMPOTENCY_KEY_MAX = 255;

// ---------------------------------------------------------------- seller side

export const RESELLER_STATUSES = ["pending", "approved", "suspended"] as const;

export const listResellersQuery = z.object({
  page: integer({ min: 1, max: MAX_INT }).optional().default(1),
  perPage: integer({ min: 1, max: 100 }).optional().default(20),
  status: z.enum(RESELLER_STATUSES).optional(),
  /** case-insensitive substring of the reseller's email */
  email: z.string().trim().max(255).optional(),
});
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
  min_sales_count: integer({ min: 0, max: MAX_INT }),
  image_url: z.string().trim().max(2048).pipe(z.url()).nullable().optional(),
});
export type TierInput = z.output<typeof tierSchema>;

export const updateTierSchema = tierSchema.partial();
export const tierPageQuery = resellerPageQuery;

// ---------------------------------------------------------------- reseller portal

const shopIdField = integer({ min: 1, max: MAX_INT });

/** Portal sign-in; `shop_id` only matters to a person who resells for several shops. */
export const resellerLoginSchema = z.object({
  email: z.email().max(255),
  password: z.string().min(1).max(1000),
  shop_id: shopIdField.optional(),
});
export type ResellerLoginInput = z.output<typeof resellerLoginSchema>;

/** A new account's password must be at least this long (checked when the account is made). */
export const NEW_PASSWORD_MIN = 8;

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

/** A signed call of the reseller's own receiver, made by the server (the secret never reaches the page). */
export const testDeliverySchema = z.object({
  product_id: integer({ min: 1, max: MAX_INT }),
  variant_id: integer({ min: 1, max: MAX_INT }),
  quantity: integer({ min: 1, max: 100 }).optional().default(1),
});
export type TestDeliveryInput = z.output<typeof testDeliverySchema>;
