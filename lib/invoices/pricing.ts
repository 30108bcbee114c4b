import { Decimal, roundMoney, type Money } from "../money";
import { calculateCartPrice, type CartLine, type CartPrice, type PricedLine } from "../pricing/calculator";
import type { CouponRule } from "../pricing/coupon";
import type { PromotionRule, VolumeDiscountRule } from "../pricing/promotions";

/**
 * Cart pricing lives in lib/pricing (quantity deals, bundle offers, coupon);
 * this keeps the invoice area's positional call and imports stable.
 */
export type { CartLine, CartPrice, PricedLine } from "../pricing/calculator";
export { couponDiscount, type CouponRule } from "../pricing/coupon";

/** Lines, then the coupon, then the shop's promotions (lib/pricing/load.ts) at `now`, then the products' volume discounts. */
export function priceCart(
  lines: CartLine[],
  coupon?: CouponRule | null,
  promotions: PromotionRule[] = [],
  now: Date = new Date(),
  volumeDiscounts: VolumeDiscountRule[] = [],
): CartPrice {
  return calculateCartPrice({ lines, coupon, promotions, now, volumeDiscounts });
}

/**
 * Reference USD rates for the USD value of an invoice in another currency.
 * The service has no exchange-rate source yet; a currency not listed is
 * taken at par. Replace with live rates when payments need them.
 */
const USD_PER_UNIT: Record<string, string> = { USD: "1", EUR: "1.08", GBP: "1.27", CAD: "0.73", AUD: "0.66" };

export function toUsd(amount: Money, currency: string): Money {
  return roundMoney(new Decimal(amount).mul(USD_PER_UNIT[currency.toUpperCase()] ?? "1"));
}

export type ItemVariant = { id: number; product_id: number; name: string; product: { name: string } };

/** An invoice's item rows from its priced lines: the manual invoice and the checkout write them alike. */
export function itemRowsOf(lines: PricedLine[], variantAt: (index: number) => ItemVariant, currency: string) {
  return lines.map((line, index) => {
    const variant = variantAt(index);
    return {
      product_id: variant.product_id,
      variant_id: variant.id,
      product_name: variant.product.name,
      variant_name: variant.name,
      quantity: line.quantity,
      unit_price: line.unitPrice,
      total_price: line.total,
      total_price_usd: toUsd(line.total, currency),
    };
  });
}
