import { notFound } from "../api/errors";
import { isTextId } from "../api/params";
import { amountString, timestamp } from "../api/schemas";
import { buyerFeedbackView } from "../feedback/schemas";
import { buyerTicketSummary } from "../tickets/schemas";
import { boolean, integer } from "../validation/fields";
import * as z from "../validation/zod";

const MAX_ID = 2_147_483_647;
/** Discord's OAuth tokens are a few dozen characters; the bound keeps a row small whatever a client sends. */
const DISCORD_TOKEN_MAX = 512;

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" || value === null ? undefined : value), schema.optional());

/** A custom-field answer; checkbox and number answers may arrive as JSON booleans or numbers. */
const customFieldAnswer = z.preprocess(
  (value) => (typeof value === "number" || typeof value === "boolean" ? String(value) : value),
  z.string().max(5000),
);

/**
 * POST /v1/shops/{shopId}/checkout: the shapes existing clients of this API
 * family send. The buyer's context (ip, country, user agent, ASN) is what
 * the seller's backend saw; it is screened against the blacklist.
 */
export const checkoutBody = z.object({
  cart: z
    .array(
      z.object({
        productId: integer({ min: 1, max: MAX_ID }),
        variantId: integer({ min: 1, max: MAX_ID }),
        quantity: integer({ min: 1, max: 10_000 }),
      }),
    )
    .min(1)
    .max(50),
  email: z.email().max(255),
  coupon: optional(z.string().trim().min(1).max(255)),
  // null is "none yet" as absence is; "" stays a 422, as it always was
  gateway: z.preprocess(
    (value) => (value === null ? undefined : value),
    z
      .string()
      .trim()
      .min(1)
      .max(50)
      .describe(
        "One of the shop's `valid_payment_methods`, or `CUSTOMERBALANCE` at any shop: paid at once from the buyer's store credit " +
          "(an existing customer whose balance covers the total; otherwise 422 on `gateway`), the invoice already completed. " +
          "Absent or null (not an empty string, a 422): the invoice is pending with no gateway, and the buyer chooses one on the buyer's page " +
          "(POST /v1/buyer/invoices/{uniqueId}/gateway).",
      )
      .optional(),
  ),
  ip: optional(z.union([z.ipv4(), z.ipv6()])),
  country_code: optional(
    z
      .string()
      .regex(/^[A-Za-z]{2}$/, "The country code must be 2 letters.")
      .transform((code) => code.toUpperCase()),
  ),
  user_agent: optional(z.string().max(1000)),
  asn: optional(integer({ min: 0, max: MAX_ID })),
  affiliate: optional(z.string().trim().max(16)),
  /** The buyer's context as the seller's backend judged it: a VPN or proxy. A product with `block_vpn` refuses it. */
  is_vpn: optional(boolean()),
  proxy: optional(boolean()),
  discord_user_id: optional(
    z
      .string()
      .trim()
      .regex(/^\d{17,20}$/, "The discord user id must be a Discord snowflake (17 to 20 digits).")
      .describe("The buyer's Discord account, as a string: kept on the invoice and on the customer (the latest checkout wins)."),
  ),
  discord_access_token: optional(
    z
      .string()
      .trim()
      .min(1)
      .max(DISCORD_TOKEN_MAX)
      .describe("The client's Discord OAuth token: kept on the invoice encrypted, never answered."),
  ),
  discord_refresh_token: optional(
    z
      .string()
      .trim()
      .min(1)
      .max(DISCORD_TOKEN_MAX)
      .describe("The client's Discord refresh token: kept on the invoice encrypted, never answered."),
  ),
  newsletter: optional(
    boolean().describe(
      "true: the buyer agreed to the shop's newsletter (the customer's `newsletter`); false or absent leaves an earlier consent alone.",
    ),
  ),
  /** Answers keyed by the custom field's name or id. */
  custom_fields: optional(z.record(z.string().min(1).max(255), customFieldAnswer)),
});
export type CheckoutInput = z.output<typeof checkoutBody>;

export const checkoutView = z
  .object({
    success: z.literal(true),
    invoice_id: z.int().describe("The invoice's numeric id, as the clients of this API family type it."),
    unique_id: z.string().describe("The invoice's unguessable id: its buyer's page (`invoice_url`) and the buyer routes take it."),
    invoice_url: z.string().describe("The hosted buyer page of the invoice."),
    url: z.string().nullable().describe("The gateway's own payment page, when the gateway has one (CARDPROC)."),
  })
  .meta({ id: "CheckoutCreated" });
export type CheckoutView = z.output<typeof checkoutView>;

export const buyerInvoiceParams = z.object({ uniqueId: z.string().transform((id) => (/^[A-Za-z0-9_-]{8,64}$/.test(id) ? id : null)) });
/**
 * The buyer's routes that take a body: text that can name no record at all
 * (U+0000, control characters) is 404 before the body is read, as every
 * path id is; an id of the wrong shape reaches the handler as null (404).
 */
export const buyerInvoiceActionParams = z.object({ uniqueId: z.string() }).transform(({ uniqueId }) => {
  if (!isTextId(uniqueId)) throw notFound("Invoice");
  return buyerInvoiceParams.parse({ uniqueId });
});

const buyerItemView = z.object({
  product_name: z.string(),
  variant_name: z.string(),
  quantity: z.int(),
  unit_price: z.string(),
  subtotal: z.string().describe("unit_price x quantity"),
  discount: z.string().describe("What quantity deals, bundle offers and the product's volume discount took off this line."),
  total: z.string(),
  /** Only once the invoice is completed: what the buyer received, one entry per unit. */
  delivered: z.array(z.string()),
  instructions: z
    .string()
    .nullable()
    .describe("Only once the invoice is completed: the product's instructions (sanitised HTML), null when it has none."),
  deliverables_label: z.string().nullable().describe("The product's label for the delivered items; null: the page's default."),
  status: z.string(),
});

/** POST /v1/buyer/invoices/{uniqueId}/gateway: one of the invoice's `payment.choices`. */
export const chooseGatewayBody = z.object({
  gateway: z
    .string()
    .trim()
    .min(1)
    .max(50)
    .describe("One of the invoice's `payment.choices` (the shop's enabled payment methods every product of the order allows)."),
});
export type ChooseGatewayInput = z.output<typeof chooseGatewayBody>;

export const gatewayChoice = z
  .object({
    gateway: z.string().describe("The code to send (`BTC`, `CARDPROC`, ...)."),
    name: z.string().describe("What to show: the payment method's `display_name`, else the gateway's name."),
    total: amountString.describe("The order's total paid this way: the payment method's fee (or discount) included."),
    gateway_fee: amountString.describe("The payment method's fee in that total (negative: its discount); 0.00 without one."),
  })
  .meta({ id: "GatewayChoice" });
export type GatewayChoice = z.output<typeof gatewayChoice>;

const paymentInstructions = z
  .object({
    gateway: z.string().nullable().describe("Null: the buyer has not chosen one yet (see `choices`)."),
    kind: z.enum(["card", "crypto", "manual", "balance"]).nullable().describe("Null: no gateway chosen yet."),
    choices: z
      .array(gatewayChoice)
      .describe(
        "A pending invoice without a gateway: the payment methods the buyer may choose (POST /v1/buyer/invoices/{uniqueId}/gateway), " +
          "in the shop's order; otherwise empty. Store credit is never one: the page does not prove who the buyer is.",
      ),
    url: z.string().nullable().describe("The card processor's payment page."),
    address: z.string().nullable().describe("Crypto: the shop's address to pay to."),
    amount: z.string().nullable().describe('Crypto: the invoice total in its own currency, as the checkout wrote it ("39.98 USD").'),
    coin: z.enum(["BTC", "LTC"]).nullable().describe("Crypto: the coin to pay in."),
    coin_amount: z
      .string()
      .nullable()
      .describe(
        "Crypto, pending: the amount to send in the coin, 8 decimals (the total over the rate, rounded up to the satoshi). Null with a `note` saying why when no rate is available.",
      ),
    rate: z.string().nullable().describe("Crypto, pending: the quote's rate, the invoice currency per coin (8 decimals)."),
    quote_expires_at: timestamp
      .nullable()
      .describe("Crypto, pending: when the quote lapses; asking again after it gives a new quote at the rate of that time."),
    payment_uri: z
      .string()
      .nullable()
      .describe("Crypto, pending: `bitcoin:ADDRESS?amount=0.00059661` (or `litecoin:`) for a wallet or a QR code."),
    note: z.string(),
  })
  .meta({ id: "PaymentInstructions" });

/**
 * The buyer's page (GET /v1/buyer/invoices/{uniqueId}, shown at /invoice/{uniqueId}): only what the buyer
 * bought and paid; nothing of the seller beyond the shop's name.
 */
export const buyerInvoiceView = z
  .object({
    unique_id: z.string(),
    shop_name: z.string(),
    status: z.string(),
    email: z.string(),
    currency: z.string(),
    subtotal: z.string(),
    promotion_discount: z.string(),
    coupon_code: z.string().nullable(),
    coupon_discount: z.string(),
    gateway_fee: z.string().describe("The payment method's fee (negative: its discount), added after the coupon; 0.00 without one."),
    total: z.string(),
    created_at: timestamp,
    completed_at: timestamp.nullable(),
    items: z.array(buyerItemView),
    redirect_url: z
      .string()
      .nullable()
      .describe("Only once the invoice is completed: where the page sends the buyer (the first item's product's `redirect_url`)."),
    payment: paymentInstructions,
    feedback: buyerFeedbackView.nullable().describe("The buyer's feedback on this order, once left."),
    feedback_closes_at: timestamp
      .nullable()
      .describe("Until when feedback may be left: completed orders without feedback, in a shop that takes it; else null."),
    tickets: z.array(buyerTicketSummary).describe("The support tickets the buyer opened about this order, newest first."),
  })
  .meta({ id: "BuyerInvoice" });
export type BuyerInvoiceView = z.output<typeof buyerInvoiceView>;
