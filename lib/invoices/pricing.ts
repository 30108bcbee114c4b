import { Decimal, roundMoney, type Money } from "../money";

/**
 * The price of a cart, as a pure function over Decimal so that quantity deals
 * and bundle offers can later add their own discounts between the line
 * totals and the coupon without touching how invoices are written.
 */

export type CartLine = { productId: number; unitPrice: Money; quantity: number };

/** `productIds` null: the coupon applies to every product (a global coupon). */
export type CouponRule = { type: "percentage" | "fixed"; discount: Money; productIds: number[] | null };

export type PricedLine = CartLine & { total: Money };

export type CartPrice = {
  lines: PricedLine[];
  /** sum of the line totals */
  subtotal: Money;
  /** what the coupon takes off, never more than the lines it applies to */
  discount: Money;
  /** subtotal - discount, never below 0 */
  total: Money;
};

const ZERO = new Decimal(0);

export function priceCart(lines: CartLine[], coupon?: CouponRule): CartPrice {
  const priced = lines.map((line) => ({ ...line, total: roundMoney(new Decimal(line.unitPrice).mul(line.quantity)) }));
  const subtotal = priced.reduce((sum, line) => sum.plus(line.total), ZERO);
  const discount = coupon ? couponDiscount(priced, coupon) : ZERO;
  return { lines: priced, subtotal, discount, total: Decimal.max(subtotal.minus(discount), ZERO) };
}

/** The coupon's discount on the lines it covers (all lines for a global coupon). */
export function couponDiscount(lines: PricedLine[], coupon: CouponRule): Money {
  const covered = coupon.productIds ? lines.filter((line) => coupon.productIds!.includes(line.productId)) : lines;
  const base = covered.reduce((sum, line) => sum.plus(line.total), ZERO);
  const raw = coupon.type === "percentage" ? base.mul(coupon.discount).div(100) : new Decimal(coupon.discount);
  return Decimal.min(roundMoney(raw), base);
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
