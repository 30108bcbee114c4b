import { Prisma, query, type Db } from "../db";
import { validationFailed } from "../api/errors";
import { Decimal } from "../money";
import { refusalBeforePricing, type CouponTerms } from "../coupons/terms";
import type { CouponRule } from "../pricing/coupon";

/**
 * How long a pending checkout holds its coupon's use. A coupon's `uses`
 * counts paid invoices (the completion pipeline adds one, once per invoice);
 * a checkout that was made less than this long ago and is not paid yet
 * holds a use too, so two buyers racing for the last use cannot both get
 * it. An abandoned checkout gives its use back when this runs out.
 */
export const COUPON_HOLD_MINUTES = 60;

type CouponRow = CouponTerms & { code: string; type: string; discount: string; global: boolean };

/**
 * The coupon of this shop for `code` that this email may use on these
 * products now, with its row locked until the checkout's transaction ends:
 * concurrent checkouts of one coupon count its holds one after the other.
 * Codes are typed by people: case does not matter unless two codes differ
 * only in case.
 */
export async function holdCoupon(tx: Db, shopId: number, code: string, email: string | null, productIds: number[]) {
  const refuse = (message: string) => validationFailed({ coupon: [message] });
  const candidates = await query<CouponRow>(
    tx,
    Prisma.sql`
    SELECT id, code, type, discount::text AS discount, uses, max_uses, max_uses_per_customer, global, expiration_date,
           start_date, min_invoice_price, disable_if_volume_discount, allowed_emails
    FROM coupons WHERE shop_id = ${shopId} AND lower(code) = lower(${code})
    ORDER BY id FOR UPDATE`,
  );
  const coupon = candidates.find((candidate) => candidate.code === code) ?? candidates[0];
  if (!coupon) throw refuse("The selected coupon is invalid.");
  const since = new Date(Date.now() - COUPON_HOLD_MINUTES * 60_000);
  const held = (where: { coupon_id: number; email?: string }) =>
    tx.invoice.count({
      where: {
        coupon_id: where.coupon_id,
        ...(where.email ? { email: { equals: where.email, mode: "insensitive" as const } } : {}),
        status: "pending",
        manual: false,
        created_at: { gt: since },
      },
    });
  const refusal = await refusalBeforePricing(tx, coupon, email, new Date(), held);
  if (refusal) throw refuse(refusal);
  const couponProducts = coupon.global
    ? null
    : (await tx.couponProduct.findMany({ where: { coupon_id: coupon.id }, select: { product_id: true } })).map((link) => link.product_id);
  if (couponProducts && !productIds.some((id) => couponProducts.includes(id))) throw refuse("The coupon does not apply to these products.");
  const rule: CouponRule = {
    type: coupon.type === "fixed" ? "fixed" : "percentage",
    discount: new Decimal(coupon.discount),
    productIds: couponProducts,
  };
  return { id: coupon.id, code: coupon.code, rule, terms: coupon as CouponTerms };
}
