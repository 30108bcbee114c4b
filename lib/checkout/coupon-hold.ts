import type { Db } from "../db";
import { validationFailed } from "../api/errors";
import { Decimal } from "../money";
import type { CouponRule } from "../pricing/coupon";

/**
 * How long a pending checkout holds its coupon's use. A coupon's `uses`
 * counts paid invoices (the completion pipeline adds one, once per invoice);
 * a checkout that was made less than this long ago and is not paid yet
 * holds a use too, so two buyers racing for the last use cannot both get
 * it. An abandoned checkout gives its use back when this runs out.
 */
export const COUPON_HOLD_MINUTES = 60;

type CouponRow = {
  id: number;
  code: string;
  type: string;
  discount: string;
  uses: number;
  max_uses: number | null;
  global: boolean;
  expiration_date: Date | null;
  allowed_emails: string[];
};

/**
 * The coupon of this shop for `code` that this email may use on these
 * products now, with its row locked until the checkout's transaction ends:
 * concurrent checkouts of one coupon count its holds one after the other.
 * Codes are typed by people: case does not matter unless two codes differ
 * only in case.
 */
export async function holdCoupon(tx: Db, shopId: number, code: string, email: string | null, productIds: number[]) {
  const refuse = (message: string) => validationFailed({ coupon: [message] });
  const candidates = await tx.$queryRaw<CouponRow[]>`
    SELECT id, code, type, discount::text AS discount, uses, max_uses, global, expiration_date, allowed_emails
    FROM coupons WHERE shop_id = ${shopId} AND lower(code) = lower(${code})
    ORDER BY id FOR UPDATE`;
  const coupon = candidates.find((candidate) => candidate.code === code) ?? candidates[0];
  if (!coupon) throw refuse("The selected coupon is invalid.");
  if (coupon.expiration_date && coupon.expiration_date <= new Date()) throw refuse("The coupon has expired.");
  const allowed = coupon.allowed_emails.map((allowedEmail) => allowedEmail.toLowerCase());
  if (allowed.length && email === null) throw refuse("Enter your email address to use this coupon.");
  if (allowed.length && !allowed.includes(email!.toLowerCase())) throw refuse("The coupon cannot be used with this email address.");
  const couponProducts = coupon.global
    ? null
    : (await tx.couponProduct.findMany({ where: { coupon_id: coupon.id }, select: { product_id: true } })).map((link) => link.product_id);
  if (couponProducts && !productIds.some((id) => couponProducts.includes(id))) throw refuse("The coupon does not apply to these products.");
  if (coupon.max_uses !== null) {
    const since = new Date(Date.now() - COUPON_HOLD_MINUTES * 60_000);
    const held = await tx.invoice.count({
      where: { coupon_id: coupon.id, status: "pending", manual: false, created_at: { gt: since } },
    });
    if (coupon.uses + held >= coupon.max_uses) throw refuse("The coupon has reached its maximum number of uses.");
  }
  const rule: CouponRule = {
    type: coupon.type === "fixed" ? "fixed" : "percentage",
    discount: new Decimal(coupon.discount),
    productIds: couponProducts,
  };
  return { id: coupon.id, code: coupon.code, rule };
}
