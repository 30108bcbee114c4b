import type { APIRequestContext } from "@playwright/test";
import Stripe from "stripe";
import { expect } from "./api";
import { createProduct, uniqueName } from "./catalog";

/**
 * Checkout fixtures. Every spec that checks out sets the demo seller's first
 * shop to these same gateway settings (the same values each time, so specs
 * running side by side agree); the webhook secret is known here so tests can
 * sign events with the processor package's own test helper.
 */
export const CARDPROC_API_KEY = "sk_test_shopdeskStandIn0001";
export const CARDPROC_WEBHOOK_SECRET = "whsec_shopdeskTestSecret0001";
export const BITCOIN_ADDRESS = "bc1qshopdesk0test0address0q8w2e5r4t6y8u0";
export const LITECOIN_ADDRESS = "ltc1qshopdesk0test0address0a8s7d6f5g4";

export async function enableGateways(seller: APIRequestContext, shopId: number) {
  const response = await seller.put(`/v1/shops/${shopId}/settings`, {
    data: {
      valid_payment_methods: ["CARDPROC", "BTC", "LTC", "MANUAL"],
      bitcoin_address: BITCOIN_ADDRESS,
      litecoin_address: LITECOIN_ADDRESS,
      cardproc_api_key: CARDPROC_API_KEY,
      cardproc_webhook_secret: CARDPROC_WEBHOOK_SECRET,
    },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** A serials product of this test with `serials` keys in stock; its first variant. */
export async function stockedProduct(
  seller: APIRequestContext,
  shopId: number,
  { serials = 5, price = 10, ...overrides }: { serials?: number; price?: number } & Record<string, unknown> = {},
) {
  const product = await createProduct(seller, shopId, { name: uniqueName("Checkout"), variants: [{ name: "Key", price }], ...overrides });
  const variant = product.variants[0] as { id: number };
  const keys = Array.from({ length: serials }, (_, index) => `KEY-${product.id}-${index + 1}-${Math.random().toString(36).slice(2, 8)}`);
  if (keys.length) {
    const appended = await seller.put(`/v1/shops/${shopId}/products/${product.id}/deliverables/append/${variant.id}`, {
      data: { deliverables: keys },
    });
    expect(appended.status(), await appended.text()).toBe(200);
  }
  return { productId: product.id as number, variantId: variant.id, keys };
}

export const buyerEmail = () => `buyer-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.test`;

export function checkout(seller: APIRequestContext, shopId: number, body: Record<string, unknown>) {
  return seller.post(`/v1/shops/${shopId}/checkout`, { data: body });
}

/** A processor event signed as the processor signs it (the package's own test-header helper). */
export function signedEvent(
  event: { id: string; type: string; object: Record<string, unknown> },
  { secret = CARDPROC_WEBHOOK_SECRET, timestamp = Math.floor(Date.now() / 1000) } = {},
) {
  const payload = JSON.stringify({
    id: event.id,
    object: "event",
    api_version: "2026-10-28.endive",
    created: timestamp,
    livemode: false,
    type: event.type,
    data: { object: event.object },
  });
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
  return { payload, header };
}

export function postEvent(client: APIRequestContext, shopId: number, signed: { payload: string; header: string }) {
  return client.post(`/v1/payments/cardproc/${shopId}/webhook`, {
    headers: { "Stripe-Signature": signed.header, "Content-Type": "application/json" },
    data: signed.payload,
  });
}

export const eventId = () => `evt_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;

/** The payment_intent.succeeded event of a checkout's invoice (the metadata the checkout gave the payment). */
export function paymentSucceeded(invoice: { id: number; unique_id: string }, shopId: number, amount: number, currency = "usd") {
  return {
    id: eventId(),
    type: "payment_intent.succeeded",
    object: {
      id: `pi_${invoice.unique_id}`,
      object: "payment_intent",
      amount,
      amount_received: amount,
      currency,
      status: "succeeded",
      metadata: { invoice_id: String(invoice.id), unique_id: invoice.unique_id, shop_id: String(shopId) },
    },
  };
}
