import { appUrl } from "../env";
import { decryptOptional } from "../crypto/secrets";
import { Decimal, type MoneyValue } from "../money";
import { cardprocClient } from "./cardproc-client";
import { GatewayError, type PaymentGateway } from "./gateway";

/** Currencies the processor counts without minor units: an amount in them is not multiplied by 100. */
const ZERO_DECIMAL = new Set([
  "BIF",
  "CLP",
  "DJF",
  "GNF",
  "JPY",
  "KMF",
  "KRW",
  "MGA",
  "PYG",
  "RWF",
  "UGX",
  "VND",
  "VUV",
  "XAF",
  "XOF",
  "XPF",
]);

export function minorUnits(amount: MoneyValue, currency: string): number {
  const value = new Decimal(amount);
  return (ZERO_DECIMAL.has(currency.toUpperCase()) ? value : value.mul(100)).toDecimalPlaces(0).toNumber();
}

/**
 * CARDPROC: a hosted checkout session of the processor for the invoice's
 * total. Its PaymentIntent carries the invoice in its metadata, so the
 * webhook finds the invoice from any event of the payment; the session's
 * page is the `url` of the checkout answer.
 */
export const cardprocGateway: PaymentGateway = {
  code: "CARDPROC",
  name: "Card",
  kind: "card",
  unavailable: (shop) => (shop.cardproc_api_key ? null : "The shop has no card processor API key."),
  async start(shop, invoice) {
    const client = cardprocClient(decryptOptional(shop.cardproc_api_key)!);
    const metadata = { invoice_id: String(invoice.id), unique_id: invoice.unique_id, shop_id: String(shop.id) };
    const page = `${appUrl()}/invoice/${invoice.unique_id}`;
    try {
      const session = await client.checkout.sessions.create(
        {
          mode: "payment",
          customer_email: invoice.email,
          client_reference_id: invoice.unique_id,
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: invoice.currency.toLowerCase(),
                unit_amount: minorUnits(invoice.price, invoice.currency),
                product_data: { name: `${shop.name}: order ${invoice.unique_id}` },
              },
            },
          ],
          metadata,
          payment_intent_data: { metadata },
          success_url: page,
          cancel_url: page,
        },
        // A retry of this call (the package retries once) creates no second session.
        { idempotencyKey: `checkout-${invoice.unique_id}` },
      );
      const intent = typeof session.payment_intent === "string" ? session.payment_intent : (session.payment_intent?.id ?? null);
      return { url: session.url ?? null, cardproc_pi_id: intent };
    } catch (error) {
      throw new GatewayError(error instanceof Error ? error.message : String(error));
    }
  },
  note: "Pay by card on the payment page. This page updates once the payment is confirmed.",
};
