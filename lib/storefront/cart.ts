import type { PrismaClient } from "../db";
import { customFieldsOf } from "./catalog";
import { ApiError } from "../api/errors";
import { hitRateLimit, hitRateLimits } from "../api/rate-limit";
import { env } from "../env";
import { acceptChallenge } from "./challenge";
import { createCheckout, priceCheckoutCart } from "../checkout/create";
import { moneyString } from "../money";
import type { StorefrontCheckoutInput, StorefrontCheckoutView, StorefrontPriceInput, StorefrontPriceView } from "./schemas";

/** Live prices a browser may ask per minute: a cart page asks on each change. */
const PRICE_LIMIT_PER_MINUTE = 120;
const CHECKOUT_WINDOW_SECONDS = 600;
/** Beyond the limit a solved challenge lets a checkout through, up to this many times the limit per address per hour. */
const CEILING_FACTOR = 10;
const CEILING_WINDOW_SECONDS = 3600;

/**
 * Checkouts (and challenges) one address may ask per hour whatever it
 * solves: proof of work slows a bot down, the ceiling stops it.
 */
export function checkoutCeiling(): number {
  return env().STOREFRONT_CHECKOUT_LIMIT * CEILING_FACTOR;
}

/** Counts a challenge against the address's hourly ceiling (a challenge serves one checkout). */
export async function hitChallengeLimit(client: PrismaClient, buyer: BuyerContext): Promise<void> {
  await hitRateLimit(client, `storefront-challenge:${buyer.ip}`, checkoutCeiling(), CEILING_WINDOW_SECONDS);
}

/** Who is buying, as the request shows it (trusted-proxy rules applied by the server): never what the body says. */
export type BuyerContext = { ip: string; userAgent: string | null; countryCode: string | null };

/**
 * The cart page's live price: the checkout's own pricing (every line
 * checked, promotions, the coupon, the chosen gateway's fee) in a
 * transaction that writes nothing. A refused coupon does not refuse the
 * cart: the price comes without it, with the reason.
 */
export async function priceStorefrontCart(
  client: PrismaClient,
  shopId: number,
  input: StorefrontPriceInput,
  buyer: BuyerContext,
): Promise<StorefrontPriceView> {
  await hitRateLimit(client, `storefront-price:${buyer.ip}`, PRICE_LIMIT_PER_MINUTE, 60);
  const price = (coupon: string | undefined) =>
    client.$transaction((tx) =>
      priceCheckoutCart(tx, shopId, { cart: input.cart, coupon, email: input.email ?? null, gateway: input.gateway ?? null }),
    );
  let quote;
  let refusal: string | null = null;
  try {
    quote = await price(input.coupon);
  } catch (error) {
    const couponError = error instanceof ApiError ? error.errors?.coupon?.[0] : undefined;
    if (!input.coupon || !couponError) throw error;
    refusal = couponError;
    quote = await price(undefined);
  }
  const { price: priced, variants, coupon, productIds } = quote;
  const fields = await customFieldsOf(client, shopId, productIds);
  const currency = variants.values().next().value?.product.currency ?? "USD";
  return {
    currency,
    lines: priced.lines.map((line) => ({
      productId: line.productId,
      variantId: line.variantId!,
      quantity: line.quantity,
      unit_price: moneyString(line.unitPrice),
      subtotal: moneyString(line.subtotal),
      discount: moneyString(line.discount),
      total: moneyString(line.total),
    })),
    subtotal: moneyString(priced.subtotal),
    promotion_discount: moneyString(priced.promotionDiscount),
    coupon: input.coupon
      ? { code: coupon?.code ?? input.coupon, applied: refusal === null, discount: moneyString(priced.couponDiscount), reason: refusal }
      : null,
    gateway_fee: moneyString(priced.gatewayFee),
    total: moneyString(priced.total),
    custom_fields: fields,
  };
}

/**
 * A checkout from the storefront: POST /v1/shops/{shopId}/checkout's own
 * domain function, with the buyer's address, user agent and country from
 * the request, so the blacklist, bans, stock, bounds and coupon rules hold
 * exactly as in the API. Limited per address: up to STOREFRONT_CHECKOUT_LIMIT
 * per ten minutes freely, beyond it each checkout needs a solved proof-of-work
 * challenge (422 on `altcha` until it has one), and beyond the hourly ceiling
 * none passes (429). A pending invoice reserves nothing (stock is taken at
 * payment).
 */
export async function storefrontCheckout(
  client: PrismaClient,
  shopId: number,
  input: StorefrontCheckoutInput,
  buyer: BuyerContext,
  linkBase: string,
): Promise<StorefrontCheckoutView> {
  // both limits counted in one statement: the hourly ceiling refuses outright, the ten-minute limit asks for a challenge
  const [ceiling, limit] = await hitRateLimits(client, [
    { key: `storefront-checkout-hour:${buyer.ip}`, limit: checkoutCeiling(), windowSeconds: CEILING_WINDOW_SECONDS },
    { key: `storefront-checkout:${buyer.ip}`, limit: env().STOREFRONT_CHECKOUT_LIMIT, windowSeconds: CHECKOUT_WINDOW_SECONDS },
  ]);
  if (ceiling!.over) ceiling!.refuse();
  if (limit!.over) await acceptChallenge(client, shopId, input.altcha);
  const created = await createCheckout(
    client,
    shopId,
    {
      cart: input.cart,
      email: input.email,
      coupon: input.coupon,
      gateway: input.gateway,
      custom_fields: input.custom_fields,
      ip: buyer.ip,
      user_agent: buyer.userAgent ?? undefined,
      country_code: buyer.countryCode ?? undefined,
    },
    linkBase,
  );
  return { invoice_url: created.invoice_url, url: created.url };
}
