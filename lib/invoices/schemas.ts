import { amountString, flag, sellerPageOf, timestamp } from "../api/schemas";
import { variantView } from "../catalog/schemas";
import { answeredCustomFieldView } from "../custom-fields/schemas";
import { blankAsAbsent } from "../validation/blank";
import { boolean, date, endDate, integer, list } from "../validation/fields";
import * as z from "../validation/zod";
import { recordId } from "../validation/ids";
import { pageFields, withPageDefaults } from "../validation/paging";
import { textIdParams } from "../api/params";

/**
 * Invoice request and response schemas, shared by the routes, the OpenAPI document and the
 * dashboard forms. Every list filter accepts both its query-string form
 * (strings, `a[]=x`, `gateways[BTC]=1`) and JSON values, because server.ts
 * folds a GET's JSON body into the query string.
 */

export const INVOICE_STATUSES = ["pending", "completed", "cancelled", "failed", "refunded"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const INVOICE_ORDER_COLUMNS = ["id", "price_usd", "paid_usd", "created_at", "completed_at"] as const;
export type InvoiceOrderColumn = (typeof INVOICE_ORDER_COLUMNS)[number];

/** Without orderColumn the list is newest first: the (shop_id, created_at DESC, id DESC) index serves it directly. */
export const DEFAULT_INVOICE_ORDER = { column: "created_at", direction: "desc" } as const;

/**
 * `external_id_type` values and the invoice column each one matches. The
 * names are the gateway references the single Invoice view shows.
 */
export const EXTERNAL_ID_COLUMNS = {
  cardproc_pi_id: "cardproc_pi_id",
  appB_transaction_id: "appB_transaction_id",
  appB_receipt_id: "appB_receipt_id",
  walletAff_transaction_id: "walletAff_transaction_id",
  crypto_address: "crypto_address",
  chat_user_id: "chat_user_id",
} as const;
export type ExternalIdType = keyof typeof EXTERNAL_ID_COLUMNS;
const EXTERNAL_ID_TYPES = Object.keys(EXTERNAL_ID_COLUMNS) as [ExternalIdType, ...ExternalIdType[]];

const TEXT_MAX = 255;

/** A text filter; a JSON number (`"chat_id": 123`) is taken as its digits. */
function textFilter() {
  return blankAsAbsent(z.preprocess((value) => (typeof value === "number" ? String(value) : value), z.string().max(TEXT_MAX)));
}

/**
 * `{ "<key>": true|false }`: the keys with a true value are selected. A list
 * of keys (`gateways[]=BTC`) selects those keys too.
 */
function keySelection() {
  return blankAsAbsent(
    z.preprocess(
      (value) => (Array.isArray(value) ? Object.fromEntries(value.map((key) => [String(key), true])) : value),
      z.record(z.string().max(TEXT_MAX), boolean()),
    ),
  );
}

const listInvoicesFields = z.object({
  ...pageFields,
  orderColumn: blankAsAbsent(z.enum(INVOICE_ORDER_COLUMNS)),
  orderDirection: blankAsAbsent(z.enum(["asc", "desc"])),
  id: textFilter(),
  statuses: blankAsAbsent(list(z.enum(INVOICE_STATUSES))),
  email: textFilter(),
  gateways: keySelection(),
  payment_method_ids: keySelection(),
  created_at_start: blankAsAbsent(date()),
  created_at_end: blankAsAbsent(endDate()),
  completed_at_start: blankAsAbsent(date()),
  completed_at_end: blankAsAbsent(endDate()),
  product_name: textFilter(),
  variant_name: textFilter(),
  coupon_code: textFilter(),
  ip: textFilter(),
  chat_id: textFilter(),
  chat_username: textFilter(),
  deliverable: textFilter(),
  custom_field: textFilter(),
  archived: blankAsAbsent(boolean()),
  manual: blankAsAbsent(boolean()),
  external_id_type: blankAsAbsent(z.enum(EXTERNAL_ID_TYPES)),
  external_id_value: textFilter(),
  appB_note: textFilter(),
  walletAff_note: textFilter(),
  appC_note: textFilter(),
  customer_id: blankAsAbsent(recordId()),
  all: blankAsAbsent(boolean()),
});

function endAfterStart(field: string, start: Date | undefined, end: Date | undefined, ctx: z.RefinementCtx) {
  if (start && end && end < start) {
    const name = field.replace(/_/g, " ");
    const startName = field.replace(/_end$/, "_start").replace(/_/g, " ");
    ctx.addIssue({ code: "custom", path: [field], message: `The ${name} field must be a date after or equal to ${startName}.` });
  }
}

/** The invoice list filters of the spec's table, with defaults applied. */
export const listInvoicesQuery = listInvoicesFields
  .superRefine((filters, ctx) => {
    endAfterStart("created_at_end", filters.created_at_start, filters.created_at_end, ctx);
    endAfterStart("completed_at_end", filters.completed_at_start, filters.completed_at_end, ctx);
    if (filters.external_id_value !== undefined && filters.external_id_type === undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["external_id_type"],
        message: "The external id type field is required when external id value is present.",
      });
    }
  })
  .transform((filters) => ({
    ...withPageDefaults(filters),
    orderColumn: filters.orderColumn ?? DEFAULT_INVOICE_ORDER.column,
    orderDirection: filters.orderDirection ?? DEFAULT_INVOICE_ORDER.direction,
  }));
export type ListInvoicesFilters = z.output<typeof listInvoicesQuery>;

/** A custom-field answer; checkbox and number answers may arrive as JSON booleans or numbers. */
const customFieldAnswer = z.preprocess(
  (value) => (typeof value === "number" || typeof value === "boolean" ? String(value) : value),
  z.string().max(5000),
);

/** POST /v1/shops/{shopId}/invoices: a manual (dashboard) invoice. */
export const createInvoiceSchema = z.object({
  email: z.email().max(255),
  items: z
    .array(
      z.object({
        variant_id: recordId(),
        quantity: integer({ min: 1, max: 1000 }),
      }),
    )
    .min(1)
    .max(20),
  gateway: blankAsAbsent(z.string().trim().min(1).max(50)),
  coupon_code: blankAsAbsent(z.string().trim().max(TEXT_MAX)),
  custom_fields: blankAsAbsent(z.record(z.string().regex(/^\d{1,9}$/, "The custom field id must be an integer."), customFieldAnswer)),
  dashboard_note: blankAsAbsent(z.string().max(5000)),
});
export type CreateInvoiceInput = z.output<typeof createInvoiceSchema>;

/** `{invoiceId}`: the numeric id or the unique_id; anything else is simply not found. */
export const invoiceParams = textIdParams("invoiceId", "Invoice");

/** The columns of the invoice CSV export (lib/invoices/export.ts), in order. */
export const INVOICE_EXPORT_COLUMNS = [
  "id",
  "unique_id",
  "status",
  "email",
  "customer_id",
  "items",
  "price",
  "currency",
  "price_usd",
  "paid_usd",
  "gateway",
  "coupon_code",
  "manual",
  "archived",
  "ip",
  "created_at",
  "completed_at",
];

// ---------------------------------------------------------------- responses

/** The spec's Invoice list item. `product.stock_count` is -1 when the product is never sold out. */
export const invoiceListItemView = z
  .object({
    id: z.int(),
    status: z.string().describe(`One of ${INVOICE_STATUSES.join(", ")}.`),
    product_id: z.int().nullable(),
    variant_id: z.int().nullable(),
    price: amountString,
    currency: z.string(),
    gateway: z.string().nullable().describe("Null: checked out without a gateway; the buyer has not chosen one on the buyer's page yet."),
    email: z.string(),
    salt: z.string(),
    manual: flag,
    created_at: timestamp,
    completed_at: timestamp.nullable(),
    archived: flag,
    unique_id: z.string(),
    product: z.object({ id: z.int(), name: z.string(), stock_count: z.int() }).nullable(),
    variant: variantView.nullable(),
  })
  .meta({ id: "InvoiceListItem" });
export type InvoiceListItemView = z.output<typeof invoiceListItemView>;

export const invoicePage = sellerPageOf(invoiceListItemView);
export type InvoicePage = z.output<typeof invoicePage>;

/** One line of an invoice; `delivered` holds what the customer received, one entry per unit. */
export const invoiceItemView = z
  .object({
    id: z.int(),
    product_id: z.int().nullable(),
    variant_id: z.int().nullable(),
    product_name: z.string(),
    variant_name: z.string(),
    quantity: z.int(),
    status: z.string().describe("pending or completed"),
    unit_price: amountString,
    total_price: amountString,
    delivered: z.array(z.string()),
    dynamic_attempts: z.int(),
    dynamic_last_error: z.string().nullable(),
  })
  .meta({ id: "InvoiceItem" });
export type InvoiceItemView = z.output<typeof invoiceItemView>;

/**
 * The spec's single Invoice view (the list item and its table), plus what
 * the dashboard shows and the actions change: `paid`, `paid_usd`,
 * `dashboard_note`, the shipment, `updated_at` and the `items`.
 */
export const singleInvoiceView = invoiceListItemView
  .extend({
    coupon_id: z.int().nullable(),
    walletAff_email: z.string().nullable(),
    customer_id: z.int().nullable(),
    delivered: z.string().describe("Every delivered line, one per line."),
    amount: z.int(),
    price_usd: amountString,
    custom_fields: z.array(answeredCustomFieldView),
    ip: z.string().nullable(),
    user_agent: z.string().nullable(),
    crypto_address: z.string().nullable(),
    crypto_amount: z.string().nullable(),
    shop_id: z.int(),
    appB_cashtag: z.string().nullable(),
    appC_tag: z.string().nullable(),
    appB_receipt_id: z.string().nullable(),
    appB_transaction_id: z.string().nullable(),
    chat_user_id: z.string().nullable(),
    discord_user_id: z.string().nullable().describe("The buyer's Discord account (a snowflake) as the checkout's client sent it."),
    walletAff_transaction_id: z.string().nullable(),
    price_eur: amountString.nullable(),
    walletAff_currency: z.string().nullable(),
    walletAff_note: z.string().nullable(),
    cardproc_pi_id: z.string().nullable(),
    cardproc_dispute_status: z
      .string()
      .nullable()
      .describe("The card processor's dispute state (`needs_response`, `won`, `lost`, ...), from its webhook."),
    gateway_fee: amountString.describe(
      "The gateway's payment method fee in `price` (negative: its discount; `fee_percent` of the total after the coupon); 0.00 without one.",
    ),
    paid: amountString.nullable(),
    paid_usd: amountString.nullable(),
    refunded_amount: amountString
      .nullable()
      .describe(
        "What the card processor refunded, in the invoice currency: less than the total on a partial refund (the invoice stays completed).",
      ),
    dashboard_note: z.string().nullable(),
    tracking_code: z.string().nullable(),
    tracking_link: z.string().nullable(),
    shipped_at: timestamp.nullable(),
    updated_at: timestamp,
    items: z.array(invoiceItemView),
  })
  .meta({ id: "Invoice" });
export type InvoiceView = z.output<typeof singleInvoiceView>;
