import type { Db } from "../db";
import { volumeTiersOf } from "../catalog/serialize";
import type { BundleOfferRule, PromotionRule, QuantityDealRule, VolumeDiscountRule } from "./promotions";

/**
 * The shop's promotions that can apply to a cart of these products right
 * now: enabled, within their dates, and touching at least one of the
 * products (a bundle needs all of its products, which the calculator checks).
 */
export async function loadActivePromotions(db: Db, shopId: number, productIds: number[], now: Date = new Date()): Promise<PromotionRule[]> {
  const ids = [...new Set(productIds)];
  if (!ids.length) return [];
  const running = {
    shop_id: shopId,
    enabled: true,
    AND: [{ OR: [{ starts_at: null }, { starts_at: { lte: now } }] }, { OR: [{ ends_at: null }, { ends_at: { gte: now } }] }],
  };
  const [deals, offers] = await Promise.all([
    db.quantityDeal.findMany({ where: { ...running, product_id: { in: ids } } }),
    db.bundleOffer.findMany({
      where: { ...running, items: { some: { product_id: { in: ids } } } },
      include: { items: { select: { product_id: true } } },
    }),
  ]);
  const dealRules: QuantityDealRule[] = deals.map((deal) => ({
    kind: "quantity_deal",
    id: deal.id,
    productId: deal.product_id,
    variantId: deal.variant_id,
    buyQuantity: deal.buy_quantity,
    discountedQuantity: deal.discounted_quantity,
    percentage: deal.percentage,
    maxUsesPerCart: deal.max_uses_per_cart,
    priority: deal.priority,
    enabled: deal.enabled,
    startsAt: deal.starts_at,
    endsAt: deal.ends_at,
  }));
  const offerRules: BundleOfferRule[] = offers.map((offer) => ({
    kind: "bundle_offer",
    id: offer.id,
    type: offer.type === "fixed" ? "fixed" : "percentage",
    discount: offer.discount,
    productIds: offer.items.map((item) => item.product_id),
    maxUsesPerCart: offer.max_uses_per_cart,
    priority: offer.priority,
    enabled: offer.enabled,
    startsAt: offer.starts_at,
    endsAt: offer.ends_at,
  }));
  return [...dealRules, ...offerRules];
}

/** The volume discounts of these products (their `volume_discounts` tiers); products without tiers are left out. */
export async function loadVolumeDiscounts(db: Db, shopId: number, productIds: number[]): Promise<VolumeDiscountRule[]> {
  const ids = [...new Set(productIds)];
  if (!ids.length) return [];
  const products = await db.product.findMany({
    where: { id: { in: ids }, shop_id: shopId },
    select: { id: true, volume_discounts: true, disable_volume_discounts_if_coupon: true },
  });
  return products.flatMap((product) => {
    const tiers = volumeTiersOf(product.volume_discounts);
    return tiers.length ? [{ productId: product.id, tiers, disableIfCoupon: product.disable_volume_discounts_if_coupon }] : [];
  });
}
