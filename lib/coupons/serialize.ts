import type { Coupon } from "../generated/prisma/client";
import { moneyNumber } from "../money";
import type { CouponView } from "./schemas";

export type CouponWithProducts = Coupon & { products: { product_id: number }[] };

/** The relations `serializeCoupon` reads. */
export const couponInclude = { products: { select: { product_id: true }, orderBy: { product_id: "asc" } } } as const;

/**
 * The spec's Coupon: `global` as 0/1, `discount` a JSON number, no email
 * restriction as null. `products` (the restricted product ids) is beyond the
 * spec's table; the dashboard form needs it.
 */
export function serializeCoupon(coupon: CouponWithProducts): CouponView {
  return {
    id: coupon.id,
    code: coupon.code,
    salt: coupon.salt,
    global: coupon.global ? 1 : 0,
    discount: moneyNumber(coupon.discount),
    uses: coupon.uses,
    max_uses: coupon.max_uses,
    max_uses_per_customer: coupon.max_uses_per_customer,
    allowed_emails: coupon.allowed_emails.length ? coupon.allowed_emails : null,
    type: coupon.type,
    expiration_date: coupon.expiration_date?.toISOString() ?? null,
    start_date: coupon.start_date?.toISOString() ?? null,
    min_invoice_price: coupon.min_invoice_price === null ? null : moneyNumber(coupon.min_invoice_price),
    disable_if_volume_discount: coupon.disable_if_volume_discount,
    shop_id: coupon.shop_id,
    created_at: coupon.created_at.toISOString(),
    updated_at: coupon.updated_at.toISOString(),
    products: coupon.products.map((link) => link.product_id),
  };
}
