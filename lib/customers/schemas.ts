import { amountString, flag, sellerPageOf, timestamp } from "../api/schemas";
import { blankAsNull } from "../validation/blank";
import { boolean, integer, list, money } from "../validation/fields";
import * as z from "../validation/zod";

/**
 * Customer request and response schemas, shared by the routes, the OpenAPI
 * document and the dashboard forms. A customer is a buyer's email in one
 * shop (found or made at checkout, or added by the seller).
 */

export const CUSTOMER_ORDER_COLUMNS = ["id", "email", "created_at", "balance"] as const;
export type CustomerOrderColumn = (typeof CUSTOMER_ORDER_COLUMNS)[number];

const MAX_INT = 2_147_483_647;
/** Bulk ban takes at most this many ids per request. */
export const MAX_BULK_BAN = 100;
/** A customer carries at most this many tags, each at most MAX_TAG characters. */
export const MAX_TAGS = 50;
export const MAX_TAG = 50;
/** One balance change moves at most this much (either way); see docs/api.md, Customer store credit. */
export const MAX_BALANCE_CHANGE = 1_000_000;

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

const tag = z.string().trim().min(1).max(MAX_TAG);
/** Tags are trimmed and kept once each, in the order given. */
const tagList = list(tag)
  .pipe(z.array(z.string()).max(MAX_TAGS))
  .transform((tags) => [...new Set(tags)]);

/** The seller's fields of a customer; "" or null clears `username` and `note`. */
const customerDetails = {
  username: blankAsNull(z.string().trim().max(255)),
  note: blankAsNull(z.string().max(5000)),
  tags: optional(tagList),
};

/** POST /v1/shops/{shopId}/customers */
export const createCustomerSchema = z.object({
  email: emailField,
  banned: optional(boolean()),
  ...customerDetails,
});
export type CreateCustomerInput = z.output<typeof createCustomerSchema>;

/** PUT /v1/shops/{shopId}/customers/{customerId}: fields not sent keep their value. */
export const updateCustomerSchema = z.object({
  email: optional(emailField),
  banned: optional(boolean()),
  ...customerDetails,
});
export type UpdateCustomerInput = z.output<typeof updateCustomerSchema>;

const customerIds = list(integer({ min: 1, max: MAX_INT })).pipe(z.array(z.number()).min(1).max(MAX_BULK_BAN));

/**
 * PUT /v1/shops/{shopId}/customers/bulk-update/ban: `banned` false unbans
 * them. The ids come as `ids` or as `customer_ids` (the TypeScript client's
 * name); `ids` wins when both are sent.
 */
export const bulkBanCustomersSchema = z
  .object({ ids: optional(customerIds), customer_ids: optional(customerIds), banned: optional(boolean()) })
  .superRefine((body, context) => {
    if (!body.ids && !body.customer_ids) context.addIssue({ code: "custom", path: ["ids"], message: "The ids field is required." });
  })
  .transform(({ ids, customer_ids, banned }) => ({ ids: ids ?? customer_ids ?? [], banned }));
export type BulkBanCustomersInput = z.output<typeof bulkBanCustomersSchema>;

/** PUT /v1/shops/{shopId}/customers/bulk-update/tags: `add` then `remove` on each of the shop's customers named. */
export const bulkTagCustomersSchema = z
  .object({ customer_ids: customerIds, add: optional(tagList), remove: optional(tagList) })
  .superRefine((body, context) => {
    if (!body.add?.length && !body.remove?.length) {
      context.addIssue({ code: "custom", path: ["add"], message: "The add field is required when remove is empty." });
    }
  })
  .transform((body) => ({ customer_ids: body.customer_ids, add: body.add ?? [], remove: body.remove ?? [] }));
export type BulkTagCustomersInput = z.output<typeof bulkTagCustomersSchema>;

/**
 * POST /v1/shops/{shopId}/customers/{customerId}/balance: a positive amount
 * credits, a negative one debits (never below zero). 2 decimals, not 0, at
 * most MAX_BALANCE_CHANGE either way.
 */
export const balanceChangeSchema = z.object({
  amount: money({ min: -MAX_BALANCE_CHANGE, max: MAX_BALANCE_CHANGE }).refine((value) => value !== 0, {
    error: "The amount field must not be zero.",
  }),
  description: optional(z.string().trim().max(255)),
});
export type BalanceChangeInput = z.output<typeof balanceChangeSchema>;

/** GET /v1/shops/{shopId}/customers/{customerId}/balance: the ledger, newest first. */
export const balanceEntriesQuery = z
  .object({ page: optional(integer({ min: 1, max: MAX_INT })), perPage: optional(integer({ min: 1, max: 100 })) })
  .transform((query) => ({ page: query.page ?? 1, perPage: query.perPage ?? 20 }));
export type BalanceEntriesQuery = z.output<typeof balanceEntriesQuery>;

/** The filters of the list, which the CSV export takes too. */
const customerFilterFields = {
  email: optional(z.string().max(255)),
  banned: optional(boolean()),
  username: optional(z.string().max(255)),
  tag: optional(z.string().trim().max(MAX_TAG)),
  subscribed: optional(boolean()),
  newsletter: optional(boolean()),
  id: optional(integer({ min: 1, max: MAX_INT })),
  orderColumn: optional(z.enum(CUSTOMER_ORDER_COLUMNS)),
  orderDirection: optional(z.enum(["asc", "desc"])),
};

/**
 * GET /v1/shops/{shopId}/customers: `email` and `username` are
 * case-insensitive substrings, `tag` one of the customer's tags exactly,
 * `subscribed` whether they hold a live subscription (trialing, active or
 * past_due), `newsletter` whether they agreed to the newsletter at a
 * checkout, `id` the customer's id. Default order: newest id first.
 */
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

/** GET /v1/shops/{shopId}/customers/export: the list's filters; rows come in id order (`orderDirection`), so no `orderColumn`. */
const { orderColumn: _exportedInIdOrder, ...exportFilterFields } = customerFilterFields;
export const exportCustomersQuery = z
  .object(exportFilterFields)
  .transform((query) => ({ ...query, orderDirection: query.orderDirection ?? "desc" }));
export type ExportCustomersQuery = z.output<typeof exportCustomersQuery>;

/** The export's columns, in order (the OpenAPI document lists them too; tags joined by `|`). */
export const CUSTOMER_EXPORT_COLUMNS = [
  "id",
  "email",
  "username",
  "banned",
  "balance",
  "tags",
  "note",
  "invoices_count",
  "total_spent",
  "created_at",
  "updated_at",
];

// ---------------------------------------------------------------- responses

/** A customer with their invoice count (every status) and what they spent (completed invoices, USD). */
export const customerView = z
  .object({
    id: z.int(),
    shop_id: z.int(),
    email: z.string(),
    banned: flag,
    username: z.string().nullable(),
    discord_user_id: z.string().nullable().describe("The Discord account (a snowflake) the customer's latest checkout sent."),
    newsletter: z
      .boolean()
      .describe("The buyer agreed to the shop's newsletter at a checkout (`newsletter: true`); a later checkout without it leaves it."),
    newsletter_at: timestamp.nullable().describe("When the buyer first agreed to the newsletter."),
    note: z.string().nullable(),
    tags: z.array(z.string()),
    balance: z.number().describe("Store credit in the shop's currency, which the CUSTOMERBALANCE gateway spends."),
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

export const bulkTagResult = z
  .object({ message: z.string(), updated: z.int().describe("How many of the ids were this shop's customers.") })
  .meta({ id: "CustomersBulkTagResult" });
export type BulkTagResult = z.output<typeof bulkTagResult>;

/** One change of a customer's store credit, with the balance after it and who made it. */
export const balanceEntryView = z
  .object({
    id: z.int(),
    customer_id: z.int(),
    amount: z.number(),
    balance_after: z.number(),
    kind: z.enum(["adjustment", "payment", "refund", "refund_reversal"]),
    description: z.string().nullable(),
    invoice: z.object({ id: z.int(), unique_id: z.string() }).nullable(),
    actor: z.object({
      type: z.enum(["user", "api_key", "buyer", "system"]),
      user_id: z.int().nullable(),
      api_key_id: z.int().nullable(),
      label: z.string(),
    }),
    created_at: timestamp,
  })
  .meta({ id: "CustomerBalanceEntry" });
export type BalanceEntryView = z.output<typeof balanceEntryView>;

export const balanceEntryPage = sellerPageOf(balanceEntryView);
export type BalanceEntryPage = z.output<typeof balanceEntryPage>;
