import { Decimal, roundMoney, type Money } from "../money";
import { allocateCents } from "./allocate";
import { couponDiscount, type CouponRule } from "./coupon";
import {
  byPriority,
  isActive,
  volumeTierFor,
  type BundleOfferRule,
  type PromotionRule,
  type QuantityDealRule,
  type VolumeDiscountRule,
} from "./promotions";

/**
 * The price of a cart: pure functions over Decimal, no database.
 *
 * 1. Each line costs unit price x quantity.
 * 2. Active promotions (enabled, `now` within their dates) are applied in
 *    `byPriority` order. Each application takes whole units out of the cart:
 *    a unit is used by at most one promotion (as a bought unit, a discounted
 *    unit or a bundle member), so a line can carry a deal on some of its
 *    units and a bundle offer on others, but no unit is discounted twice.
 *    - Quantity deal (buy N, get M at P % off), on the lines of its product
 *      (or only its variant): the eligible units, most expensive first, are
 *      taken in groups of N + M; in each group the M cheapest are discounted.
 *      Groups: as many as the units allow, at most `max_uses_per_cart`.
 *    - Bundle offer: one unit of every product of the bundle (the most
 *      expensive left of each) makes one use; as many uses as every product
 *      allows, at most `max_uses_per_cart`. Percentage: that % of the units'
 *      prices (at most 100 %); fixed: the amount off, at most the units' sum.
 * 3. Volume discounts (the product's `volume_discounts`): a line whose
 *    quantity reaches a tier gets that tier's percent off (the largest qty
 *    reached) on its units no promotion used, so no unit is discounted
 *    twice. A product with `disableIfCoupon` gets none when the coupon
 *    covers it.
 * 4. The coupon applies to what the lines cost after steps 2 and 3.
 * 5. The payment method's `fee_percent` (lib/payment-methods), when the
 *    cart is priced for a gateway that has one: that percent of the total
 *    after the coupon is added (a negative percent is a discount), rounded
 *    half-up to cents. The buyer pays the total with it; the seller sees it
 *    as the invoice's `gateway_fee`.
 *
 * Rounding: a promotion's discount is summed exactly over all its uses,
 * rounded half-up to cents once, then spread over the lines it touched in
 * whole cents (largest remainder, so the lines add up to it exactly). The
 * coupon and the payment method's fee are rounded half-up to cents. No line
 * and no total goes below zero.
 */

/** `variantId` absent: the line matches only deals that cover every variant of its product. */
export type CartLine = { productId: number; variantId?: number | null; unitPrice: Money; quantity: number };

export type PricedLine = CartLine & {
  /** unit price x quantity */
  subtotal: Money;
  /** what promotions took off this line */
  discount: Money;
  /** subtotal - discount: what the line costs before the coupon */
  total: Money;
};

/** `volume_discount`: `id` is the product's id, `uses` the lines it applied to. */
export type AppliedPromotion = { kind: PromotionRule["kind"] | "volume_discount"; id: number; uses: number; discount: Money };

export type CartPrice = {
  lines: PricedLine[];
  /** sum of the line subtotals */
  subtotal: Money;
  promotions: AppliedPromotion[];
  /** what quantity deals, bundle offers and volume discounts took off */
  promotionDiscount: Money;
  /** what the coupon took off */
  couponDiscount: Money;
  /** promotionDiscount + couponDiscount (at most the subtotal) */
  discount: Money;
  /** the payment method's fee (negative: its discount); 0 without one */
  gatewayFee: Money;
  /** subtotal - discount + gatewayFee, never below 0 */
  total: Money;
};

export type PricingInput = {
  lines: CartLine[];
  promotions?: PromotionRule[];
  coupon?: CouponRule | null;
  now?: Date;
  volumeDiscounts?: VolumeDiscountRule[];
  /** the payment method's fee in percent (negative: a discount); null: none */
  feePercent?: Money | null;
};

const ZERO = new Decimal(0);
const HUNDRED = new Decimal(100);

export function calculateCartPrice({
  lines,
  promotions = [],
  coupon = null,
  now = new Date(),
  volumeDiscounts = [],
  feePercent = null,
}: PricingInput): CartPrice {
  const remaining = lines.map((line) => line.quantity);
  const lineDiscounts = lines.map(() => ZERO);
  const applied: AppliedPromotion[] = [];

  for (const rule of promotions.filter((rule) => isActive(rule, now)).sort(byPriority)) {
    const result = rule.kind === "quantity_deal" ? applyQuantityDeal(rule, lines, remaining) : applyBundleOffer(rule, lines, remaining);
    if (!result) continue;
    const total = roundMoney(result.raw.reduce((sum, value) => sum.plus(value), ZERO));
    const parts = allocateCents(total, result.raw);
    parts.forEach((part, index) => (lineDiscounts[index] = lineDiscounts[index]!.plus(part)));
    applied.push({ kind: rule.kind, id: rule.id, uses: result.uses, discount: total });
  }
  for (const rule of volumeDiscounts) {
    const result = applyVolumeDiscount(rule, lines, remaining, coupon);
    if (!result) continue;
    const total = roundMoney(result.raw.reduce((sum, value) => sum.plus(value), ZERO));
    const parts = allocateCents(total, result.raw);
    parts.forEach((part, index) => (lineDiscounts[index] = lineDiscounts[index]!.plus(part)));
    applied.push({ kind: "volume_discount", id: rule.productId, uses: result.uses, discount: total });
  }

  const priced: PricedLine[] = lines.map((line, index) => {
    const subtotal = roundMoney(new Decimal(line.unitPrice).mul(line.quantity));
    const discount = Decimal.min(lineDiscounts[index]!, subtotal);
    return { ...line, subtotal, discount, total: subtotal.minus(discount) };
  });
  const subtotal = sum(priced.map((line) => line.subtotal));
  const promotionDiscount = sum(priced.map((line) => line.discount));
  const afterPromotions = subtotal.minus(promotionDiscount);
  const couponPart = coupon ? couponDiscount(priced, coupon) : ZERO;
  const beforeFee = Decimal.max(afterPromotions.minus(couponPart), ZERO);
  const total = withGatewayFee(beforeFee, feePercent);
  return {
    lines: priced,
    subtotal,
    promotions: applied,
    promotionDiscount,
    couponDiscount: couponPart,
    discount: subtotal.minus(beforeFee),
    gatewayFee: total.minus(beforeFee),
    total,
  };
}

/** Step 5 on its own: a total with the payment method's fee (or discount) in percent, never below 0. */
export function withGatewayFee(total: Money, feePercent: Money | null | undefined): Money {
  if (feePercent === null || feePercent === undefined) return total;
  return Decimal.max(total.plus(roundMoney(new Decimal(feePercent).mul(total).div(HUNDRED))), ZERO);
}

type Application = { uses: number; raw: Money[] };

/** Unit indexes (line numbers), most expensive first, ties in cart order. */
function unitsByPrice(lines: CartLine[], remaining: number[], matches: (line: CartLine) => boolean): number[] {
  const order = lines
    .map((line, index) => ({ line, index }))
    .filter(({ line, index }) => remaining[index]! > 0 && matches(line))
    .sort((a, b) => new Decimal(b.line.unitPrice).comparedTo(a.line.unitPrice) || a.index - b.index);
  return order.flatMap(({ index }) => Array<number>(remaining[index]!).fill(index));
}

function capUses(possible: number, max: number | null): number {
  return max === null ? possible : Math.min(possible, max);
}

function applyQuantityDeal(rule: QuantityDealRule, lines: CartLine[], remaining: number[]): Application | null {
  const units = unitsByPrice(
    lines,
    remaining,
    (line) => line.productId === rule.productId && (rule.variantId === null || line.variantId === rule.variantId),
  );
  const groupSize = rule.buyQuantity + rule.discountedQuantity;
  const uses = capUses(Math.floor(units.length / groupSize), rule.maxUsesPerCart);
  if (uses <= 0) return null;
  const percentage = Decimal.min(new Decimal(rule.percentage), HUNDRED);
  const raw = lines.map(() => ZERO);
  for (let use = 0; use < uses; use++) {
    const group = units.slice(use * groupSize, (use + 1) * groupSize);
    group.forEach((index, position) => {
      remaining[index]! -= 1;
      if (position >= rule.buyQuantity) raw[index] = raw[index]!.plus(new Decimal(lines[index]!.unitPrice).mul(percentage).div(100));
    });
  }
  return { uses, raw };
}

function applyVolumeDiscount(
  rule: VolumeDiscountRule,
  lines: CartLine[],
  remaining: number[],
  coupon: CouponRule | null,
): Application | null {
  if (rule.disableIfCoupon && coupon && (coupon.productIds === null || coupon.productIds.includes(rule.productId))) return null;
  const raw = lines.map(() => ZERO);
  let uses = 0;
  lines.forEach((line, index) => {
    if (line.productId !== rule.productId || remaining[index]! <= 0) return;
    const tier = volumeTierFor(rule.tiers, line.quantity);
    if (!tier) return;
    const percent = Decimal.min(new Decimal(tier.percent), HUNDRED);
    raw[index] = new Decimal(line.unitPrice).mul(remaining[index]!).mul(percent).div(100);
    remaining[index] = 0;
    uses++;
  });
  return uses ? { uses, raw } : null;
}

function applyBundleOffer(rule: BundleOfferRule, lines: CartLine[], remaining: number[]): Application | null {
  const productIds = [...new Set(rule.productIds)];
  if (!productIds.length) return null;
  const pools = productIds.map((productId) => unitsByPrice(lines, remaining, (line) => line.productId === productId));
  const uses = capUses(Math.min(...pools.map((pool) => pool.length)), rule.maxUsesPerCart);
  if (uses <= 0) return null;
  const raw = lines.map(() => ZERO);
  for (let use = 0; use < uses; use++) {
    const members = pools.map((pool) => pool[use]!);
    members.forEach((index) => (remaining[index]! -= 1));
    const useSum = sum(members.map((index) => new Decimal(lines[index]!.unitPrice)));
    if (useSum.lte(0)) continue;
    const off =
      rule.type === "percentage"
        ? useSum.mul(Decimal.min(new Decimal(rule.discount), HUNDRED)).div(100)
        : Decimal.min(new Decimal(rule.discount), useSum);
    members.forEach((index) => (raw[index] = raw[index]!.plus(off.mul(lines[index]!.unitPrice).div(useSum))));
  }
  return { uses, raw };
}

function sum(values: Money[]): Money {
  return values.reduce((total, value) => total.plus(value), ZERO);
}
