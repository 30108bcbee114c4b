import type { Money } from "../money";

/** When a promotion runs: enabled, and `now` inside [starts_at, ends_at] (either end open when null). */
export type Schedule = { enabled: boolean; startsAt: Date | null; endsAt: Date | null };

/** Buy `buyQuantity`, get `discountedQuantity` more at `percentage` % off. */
export type QuantityDealRule = Schedule & {
  kind: "quantity_deal";
  id: number;
  productId: number;
  /** null: every variant of the product counts */
  variantId: number | null;
  buyQuantity: number;
  discountedQuantity: number;
  percentage: Money;
  /** null: as often as the cart allows */
  maxUsesPerCart: number | null;
  priority: number;
};

/** One unit of each product together: `discount` % off those units, or `discount` off their sum. */
export type BundleOfferRule = Schedule & {
  kind: "bundle_offer";
  id: number;
  type: "percentage" | "fixed";
  discount: Money;
  productIds: number[];
  maxUsesPerCart: number | null;
  priority: number;
};

export type PromotionRule = QuantityDealRule | BundleOfferRule;

/**
 * A product's volume discounts (`volume_discounts` on the product): a line of
 * the product with at least `qty` units gets `percent` % off, the largest
 * tier its quantity reaches. `disableIfCoupon`: none when the cart's coupon
 * covers the product.
 */
export type VolumeDiscountRule = {
  productId: number;
  tiers: { qty: number; percent: number }[];
  disableIfCoupon: boolean;
};

/** The tier a line of `quantity` units reaches: the one with the largest qty at most `quantity`, or null. */
export function volumeTierFor(tiers: VolumeDiscountRule["tiers"], quantity: number): { qty: number; percent: number } | null {
  let best: { qty: number; percent: number } | null = null;
  for (const tier of tiers) if (tier.qty <= quantity && (best === null || tier.qty > best.qty)) best = tier;
  return best;
}

export function isActive(rule: Schedule, now: Date): boolean {
  if (!rule.enabled) return false;
  if (rule.startsAt && rule.startsAt > now) return false;
  if (rule.endsAt && rule.endsAt < now) return false;
  return true;
}

/**
 * The order promotions are applied in: higher `priority` first; on equal
 * priority quantity deals before bundle offers (a deal is about one product,
 * the narrower promise), then the older promotion (lower id) first.
 */
export function byPriority(a: PromotionRule, b: PromotionRule): number {
  if (a.priority !== b.priority) return b.priority - a.priority;
  if (a.kind !== b.kind) return a.kind === "quantity_deal" ? -1 : 1;
  return a.id - b.id;
}
