import type { Db } from "../db";
import { productViews } from "../catalog/views";
import { checkoutInclude, serializeCheckout } from "../abandoned-checkouts/serialize";
import { couponInclude, serializeCoupon } from "../coupons/serialize";
import { invoiceView } from "../invoices/find";
import { resellerSellerView } from "../reseller/manage";
import { serializeSubscription, subscriptionInclude } from "../subscriptions/serialize";
import type { EventData } from "./events";

/**
 * The payload objects of events, each the API's own response view of the
 * record (the serializers of its area), read inside the transaction of the
 * change so the object is the one the change left. Pass them to
 * `recordEvent` unevaluated (`() => invoiceEvent(tx, id)`): they run only when
 * an endpoint is subscribed.
 */

export const invoiceEvent = async (tx: Db, invoiceId: number): Promise<EventData> => ({ object: await invoiceView(tx, invoiceId) });

export const invoiceItemEvent = async (tx: Db, invoiceId: number, itemId: number): Promise<EventData> => ({
  object: await invoiceView(tx, invoiceId),
  item_id: itemId,
});

export const checkoutEvent = async (tx: Db, invoiceId: number): Promise<EventData> => ({
  object: serializeCheckout(await tx.invoice.findUniqueOrThrow({ where: { id: invoiceId }, include: checkoutInclude })),
});

export const subscriptionEvent = async (tx: Db, subscriptionId: number): Promise<EventData> => ({
  object: serializeSubscription(await tx.subscription.findUniqueOrThrow({ where: { id: subscriptionId }, include: subscriptionInclude })),
});

/** The variant's product (with every variant's stock), and which variant the event is about. */
export async function variantEvent(tx: Db, variantId: number): Promise<EventData> {
  const { product_id } = await tx.variant.findUniqueOrThrow({ where: { id: variantId }, select: { product_id: true } });
  const [product] = await productViews(tx, [product_id]);
  return { object: product, variant_id: variantId };
}

/** The product view of each of `ids`, in that order, read in a fixed number of queries (a bulk change names up to 1,000). */
export const productEvents = async (tx: Db, ids: number[]): Promise<EventData[]> =>
  (await productViews(tx, ids)).map((object) => ({ object }));

export const productEvent = async (tx: Db, productId: number): Promise<EventData | null> =>
  (await productEvents(tx, [productId]))[0] ?? null;

export const resellerEvent = async (tx: Db, shopId: number, resellerId: number): Promise<EventData> => ({
  object: await resellerSellerView(tx, shopId, resellerId),
});

/** Null (no event) unless the coupon has reached its maximum number of uses. */
export async function exhaustedCouponEvent(tx: Db, couponId: number): Promise<EventData | null> {
  const coupon = await tx.coupon.findUniqueOrThrow({ where: { id: couponId }, include: couponInclude });
  if (coupon.max_uses === null || coupon.uses < coupon.max_uses) return null;
  return { object: serializeCoupon(coupon) };
}
