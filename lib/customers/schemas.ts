import { amountString, flag, sellerPageOf, timestamp } from "../api/schemas";
import { boolean, integer, list } from "../validation/fields";
import * as z from "../validation/zod";

/**
 * Customer request and response schemas, shared by the routes, the OpenAPI
 * document and the dashboard forms. A customer is a buyer's email in one
 * shop (found or made at checkout, or added by the seller).
 */

export const CUSTOMER_ORDER_COLUMNS = ["id", "email", "created_at"] as const;
export type CustomerOrderColumn = (typeof CUSTOMER_ORDER_COLUMNS)[number];

const MAX_INT = 2_147_483_647;
/** Bulk ban takes at most this many ids per request. */
export const MAX_BULK_BAN = 100;

/** Like Laravel's empty-string-to-null: "" and null mean the field was not sent. */
function optional<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === "" || value === null ? undefined : value), schema.optional());
}

/** Emails are compared without case: stored trimmed and lower-cased, so `(shop_id, email)` is unique per person. */
export const customerEmail = z
  .email()
  .max(255)
  .transform((email) => email.toLowerCase());
const emailField = z.preprocess((value) => (typeof value === "string" ? value.trim() : value), customerEmail);

/** POST /v1/shops/{shopId}/customers */
export const createCustomerSchema = z.object({
  email: emailField,
  banned: optional(boolean()),
});
export type CreateCustomerInput = z.output<typeof createCustomerSchema>;

/** PUT /v1/shops/{shopId}/customers/{customerId}: fields not sent keep their value. */
export const updateCustomerSchema = z.object({
  email: optional(emailField),
  banned: optional(boolean()),
});
export type UpdateCustomerInput = z.output<typeof updateCustomerSchema>;

/** PUT /v1/shops/{shopId}/customers/bulk-update/ban: `banned` false unbans them. */
export const bulkBanCustomersSchema = z.object({
  ids: list(integer({ min: 1, max: MAX_INT })).pipe(z.array(z.number()).min(1).max(MAX_BULK_BAN)),
  banned: optional(boolean()),
});
export type BulkBanCustomersInput = z.output<typeof bulkBanCustomersSchema>;

/** The filters of the list, which the CSV export takes too. */
const customerFilterFields = {
  email: optional(z.string().max(255)),
  banned: optional(boolean()),
  orderColumn: optional(z.enum(CUSTOMER_ORDER_COLUMNS)),
  orderDirection: optional(z.enum(["asc", "desc"])),
};

/** GET /v1/shops/{shopId}/customers: `email` is a case-insensitive substring. Default order: newest id first. */
export const listCustomersQuery = z
  .object({
    page: optional(integer({ min: 1, max: MAX_INT })),
    perPage: optional(integer({ min: 1, max: 100 })),
    ...customerFilterFields,
  })
  .transform((query) => ({
    ...query,
    page: query.page ?? 1,
    perPage: query.perPage ?? 20,
    orderColumn: query.orderColumn ?? "id",
    orderDirection: query.orderDirection ?? "desc",
  }));
export type ListCustomersQuery = z.output<typeof listCustomersQuery>;

/** GET /v1/shops/{shopId}/customers/export: the list's filters; rows come in id order (`orderDirection`). */
export const exportCustomersQuery = z
  .object({ email: customerFilterFields.email, banned: customerFilterFields.banned, orderDirection: customerFilterFields.orderDirection })
  .transform((query) => ({ ...query, orderDirection: query.orderDirection ?? "desc" }));
export type ExportCustomersQuery = z.output<typeof exportCustomersQuery>;

// ---------------------------------------------------------------- responses

/** A customer with their invoice count (every status) and what they spent (completed invoices, USD). */
export const customerView = z
  .object({
    id: z.int(),
    shop_id: z.int(),
    email: z.string(),
    banned: flag,
    invoices_count: z.int(),
    total_spent: amountString.describe("USD of the customer's completed invoices (`paid_usd`, else `price_usd`)."),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: "Customer" });
export type CustomerView = z.output<typeof customerView>;

export const customerPage = sellerPageOf(customerView);
export type CustomerPage = z.output<typeof customerPage>;

export const bulkBanResult = z
  .object({ message: z.string(), updated: z.int().describe("How many of the ids were this shop's customers (now changed).") })
  .meta({ id: "CustomersBulkBanResult" });
export type BulkBanResult = z.output<typeof bulkBanResult>;
