import type { Db } from "../db";
import { Decimal, moneyString, type Money } from "../money";
import type { CartPrice } from "../pricing/calculator";

/** What decides whether a coupon may be used, beside its code and products: one rule for the checkout and the manual invoice. */
export type CouponTerms = {
  id: number;
  uses: number;
  max_uses: number | null;
  max_uses_per_customer: number | null;
  expiration_date: Date | null;
  start_date: Date | null;
  allowed_emails: string[];
  min_invoice_price: Money | null;
  disable_if_volume_discount: boolean;
};

/**
 * Why the coupon cannot be used by `email` now, before the cart is priced;
 * null when it can. `held` counts uses that unpaid checkouts hold (the
 * checkout's rule; a manual invoice takes its use at once and holds none).
 * Without an address (the storefront's cart before the buyer typed one) the
 * address rules wait for the checkout, except an address list, which says so.
 */
export async function refusalBeforePricing(
  tx: Db,
  coupon: CouponTerms,
  email: string | null,
  now: Date,
  held: (where: { coupon_id: number; email?: string }) => Promise<number>,
): Promise<string | null> {
  if (coupon.start_date && coupon.start_date > now) return "The coupon is not valid yet.";
  if (coupon.expiration_date && coupon.expiration_date <= now) return "The coupon has expired.";
  const allowed = coupon.allowed_emails.map((allowedEmail) => allowedEmail.toLowerCase());
  if (allowed.length && email === null) return "Enter your email address to use this coupon.";
  if (allowed.length && !allowed.includes(email!.toLowerCase())) return "The coupon cannot be used with this email address.";
  if (coupon.max_uses !== null && coupon.uses + (await held({ coupon_id: coupon.id })) >= coupon.max_uses)
    return "The coupon has reached its maximum number of uses.";
  if (coupon.max_uses_per_customer !== null && email !== null) {
    const paid = await tx.invoice.count({
      where: { coupon_id: coupon.id, email: { equals: email, mode: "insensitive" }, status: "completed" },
    });
    if (paid + (await held({ coupon_id: coupon.id, email })) >= coupon.max_uses_per_customer)
      return "You have already used this coupon as many times as it allows.";
  }
  return null;
}

/** Why the coupon cannot be used on this priced cart: the order's minimum, or a volume discount it does not combine with. */
export function refusalAfterPricing(coupon: CouponTerms, price: CartPrice): string | null {
  const beforeCoupon = new Decimal(price.subtotal).minus(price.promotionDiscount);
  if (coupon.min_invoice_price !== null && beforeCoupon.lt(coupon.min_invoice_price))
    return `The coupon needs an order of at least ${moneyString(coupon.min_invoice_price)}.`;
  if (
    coupon.disable_if_volume_discount &&
    price.promotions.some((promotion) => promotion.kind === "quantity_deal" || promotion.kind === "volume_discount")
  )
    return "The coupon cannot be combined with a volume discount.";
  return null;
}
