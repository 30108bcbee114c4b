import { Decimal, roundMoney, type Money } from "../money";

/** `productIds` null: the coupon applies to every product (a global coupon). */
export type CouponRule = { type: "percentage" | "fixed"; discount: Money; productIds: number[] | null };

const ZERO = new Decimal(0);

/**
 * The coupon's discount on the lines it covers (all lines for a global
 * coupon), taken from what the lines cost after quantity deals and bundle
 * offers; never more than those lines, rounded half-up to cents.
 */
export function couponDiscount(lines: { productId: number; total: Money }[], coupon: CouponRule): Money {
  const covered = coupon.productIds ? lines.filter((line) => coupon.productIds!.includes(line.productId)) : lines;
  const base = covered.reduce((sum, line) => sum.plus(line.total), ZERO);
  const raw = coupon.type === "percentage" ? base.mul(coupon.discount).div(100) : new Decimal(coupon.discount);
  return Decimal.max(Decimal.min(roundMoney(raw), base), ZERO);
}
