import { Prisma, query, type Db } from "../db";
import { notify } from "../notifications/create";

/**
 * A paid checkout's coupon use, counted in the completing transaction. The
 * checkout held the use for COUPON_HOLD_MINUTES, but a payment may arrive
 * after the hold lapsed and others took the last uses meanwhile: the limit
 * is checked again here, under the coupon's row lock (the increment takes
 * it). The buyer paid the discounted price, so the invoice still completes,
 * and the seller is told that the coupon went past its limit.
 */
export async function countPaidCouponUse(tx: Db, shopId: number, invoiceId: number, couponId: number) {
  const [coupon] = await query<{ code: string; uses: number; max_uses: number | null }>(
    tx,
    Prisma.sql`UPDATE coupons SET uses = uses + 1 WHERE id = ${couponId} RETURNING code, uses, max_uses`,
  );
  if (!coupon || coupon.max_uses === null || coupon.uses <= coupon.max_uses) return;
  await notify(tx, shopId, {
    event: "invoice_completed",
    level: "warning",
    title: "Coupon used past its limit",
    description: `Invoice #${invoiceId} was paid after its hold on coupon ${coupon.code} lapsed: the coupon now has ${coupon.uses} uses of ${coupon.max_uses}`,
    link: `/dashboard/invoices/${invoiceId}`,
  });
}
