import * as z from "../validation/zod";
import { amountString, timestamp } from "../api/schemas";
import { blankAsAbsent, blankAsNull } from "../validation/blank";
import { boolean, money } from "../validation/fields";
import { recordId } from "../validation/ids";
import { SHOP_GATEWAY_CODES, shopSettingsBody } from "../shops/schemas";

/**
 * A shop's payment methods (lib/payment-methods): one record per gateway.
 * The gateway's own settings are the shop's (PUT /settings writes the same
 * fields): sent under `settings`, the processor's secrets write-only.
 */

const gatewaySettingsBody = shopSettingsBody
  .omit({ valid_payment_methods: true })
  .strict()
  .describe('The gateway\'s settings, shared with PUT /settings: null or "" clears one. Secrets are write-only.');

const methodFields = {
  display_name: blankAsNull(z.string().trim().min(1).max(100)).describe("What the buyer is shown; null: the gateway's name."),
  enabled: blankAsAbsent(boolean()).describe("Whether a checkout may use it (an enabled gateway needs its settings)."),
  min_amount: blankAsNull(money({ min: 0, max: 999_999 })).describe(
    "The smallest order total it takes (its fee included); null: no bound.",
  ),
  max_amount: blankAsNull(money({ min: 0, max: 999_999 })).describe("The largest order total it takes (its fee included); null: no bound."),
  fee_percent: blankAsNull(money({ min: -100, max: 100 })).describe(
    "A fee (positive) or discount (negative) in percent of the order total after the coupon, rounded half-up to cents: " +
      "added to what the buyer pays with this gateway (checkout, storefront, the buyer's choice, manual invoices) and shown as the invoice's `gateway_fee`.",
  ),
  settings: gatewaySettingsBody.optional(),
};

function boundsInOrder(input: { min_amount?: number | null; max_amount?: number | null }, ctx: z.RefinementCtx) {
  if (input.min_amount != null && input.max_amount != null && input.min_amount > input.max_amount)
    ctx.addIssue({ code: "custom", path: ["max_amount"], message: "The max amount must be at least the min amount." });
}

export const createPaymentMethodBody = z
  .object({
    gateway: z.preprocess(
      (value) => (typeof value === "string" ? value.trim().toUpperCase() : value),
      z.enum(SHOP_GATEWAY_CODES, { error: "The gateway must be one of CARDPROC, BTC, LTC, MANUAL." }),
    ),
    ...methodFields,
  })
  .superRefine(boundsInOrder);
export type CreatePaymentMethodInput = z.output<typeof createPaymentMethodBody>;

export const updatePaymentMethodBody = z.object(methodFields).superRefine(boundsInOrder);
export type UpdatePaymentMethodInput = z.output<typeof updatePaymentMethodBody>;

export const orderPaymentMethodsBody = z.object({
  paymentMethods: z.array(recordId()).min(1).max(100).describe("Every payment method id of the shop, once each, in the order wanted."),
});
export type OrderPaymentMethodsInput = z.output<typeof orderPaymentMethodsBody>;

export const paymentMethodView = z
  .object({
    id: z.int(),
    gateway: z.string(),
    display_name: z.string().nullable(),
    enabled: z.boolean(),
    position: z.int(),
    min_amount: amountString.nullable(),
    max_amount: amountString.nullable(),
    fee_percent: amountString
      .nullable()
      .describe("Applied to the total of an order paid this way (the invoice's `gateway_fee`); null: none."),
    settings: z
      .object({
        bitcoin_address: z.string().nullable().optional(),
        litecoin_address: z.string().nullable().optional(),
        cardproc_api_key_set: z.boolean().optional(),
        cardproc_webhook_secret_set: z.boolean().optional(),
        cardproc_webhook_url: z.string().optional(),
      })
      .describe("This gateway's settings (the shop's): BTC its address, LTC its address, CARDPROC whether its secrets are set."),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: "PaymentMethod" });
export type PaymentMethodView = z.output<typeof paymentMethodView>;

export const paymentMethodList = z.object({ data: z.array(paymentMethodView) }).meta({ id: "PaymentMethodList" });
