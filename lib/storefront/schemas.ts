import { checkoutBody } from "../checkout/schemas";
import * as z from "../validation/zod";

/**
 * The storefront's own calls (the cart page's live price and its checkout),
 * made by the buyer's browser to its shop's origin. The cart and the
 * checkout fields are the checkout API's own; what the API takes from the
 * seller's backend (the buyer's address, user agent, country, ASN) is taken
 * here from the request instead, so a buyer cannot write it.
 */
export const storefrontPriceBody = checkoutBody.pick({ cart: true, coupon: true, gateway: true }).extend({
  email: checkoutBody.shape.email.optional().catch(undefined),
});
export type StorefrontPriceInput = z.output<typeof storefrontPriceBody>;

export const storefrontCheckoutBody = checkoutBody
  .pick({ cart: true, email: true, coupon: true, gateway: true, custom_fields: true })
  .extend({
    terms: z.literal(true, "Accept the terms to continue."),
    altcha: z
      .string()
      .max(4096)
      .optional()
      .describe("A solved proof-of-work challenge (ALTCHA's base64 payload): required once the address is over the checkout limit."),
  });
export type StorefrontCheckoutInput = z.output<typeof storefrontCheckoutBody>;

const pricedLine = z.object({
  productId: z.int(),
  variantId: z.int(),
  quantity: z.int(),
  unit_price: z.string(),
  subtotal: z.string(),
  discount: z.string(),
  total: z.string(),
});

export const storefrontPriceView = z.object({
  currency: z.string(),
  lines: z.array(pricedLine),
  subtotal: z.string(),
  promotion_discount: z.string(),
  coupon: z
    .object({ code: z.string(), applied: z.boolean(), discount: z.string(), reason: z.string().nullable() })
    .nullable()
    .describe("The coupon as the calculator answered it: applied, or the reason it is refused."),
  gateway_fee: z.string().describe("The chosen gateway's payment method fee (negative: its discount); 0.00 without one."),
  total: z.string(),
  custom_fields: z
    .array(
      z.object({
        id: z.int(),
        name: z.string(),
        hint: z.string().nullable(),
        placeholder: z.string().nullable(),
        default: z.string().nullable(),
        type: z.string(),
        options: z.array(z.string()),
        required: z.boolean(),
      }),
    )
    .describe("What the checkout will ask for this cart's products."),
});
export type StorefrontPriceView = z.output<typeof storefrontPriceView>;

export const storefrontCheckoutView = z.object({ invoice_url: z.string(), url: z.string().nullable() });
export type StorefrontCheckoutView = z.output<typeof storefrontCheckoutView>;

/** A proof-of-work challenge (altcha-lib v2's shape), signed by the server. */
export const storefrontChallengeView = z.object({
  parameters: z.object({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.int(),
    keyLength: z.int(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    expiresAt: z.int().optional(),
    data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  }),
  signature: z.string().optional(),
});
export type StorefrontChallengeView = z.output<typeof storefrontChallengeView>;

export const storefrontParams = z.object({ subdomain: z.string().max(255) });
