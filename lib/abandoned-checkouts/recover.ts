import type { Db, PrismaClient } from "../db";
import { validationFailed } from "../api/errors";
import { unknownIdErrors } from "../validation/shop-records";
import { enqueueEmail } from "../outbox/enqueue";
import { abandonedWhere, findAbandonedCheckoutId, notFoundCheckout } from "./abandoned";
import { recoveryEmail } from "./recovery-email";
import { mailShopOf } from "../mail/shop";
import { MAX_BULK_RECOVER, type BulkRecoverInput, type BulkRecoveryView, type RecoverCheckoutInput } from "./schemas";
import { checkoutInclude, serializeCheckout } from "./serialize";
import { recordEvent } from "../webhooks/events";
import { checkoutEvent } from "../webhooks/objects";

type Shop = { id: number; name: string };

/**
 * The coupon offered in a recovery email: one of this shop's coupons that
 * can still be used (not expired, uses left); anything else is 422 on
 * `coupon_id`, so no customer is sent a code that does not work.
 */
async function offeredCoupon(db: Db, shopId: number, couponId: number | undefined) {
  if (couponId === undefined) return null;
  const coupon = await db.coupon.findFirst({ where: { id: couponId, shop_id: shopId } });
  const refuse = (message: string) => validationFailed({ coupon_id: [message] });
  if (!coupon) throw refuse("The selected coupon id is invalid.");
  if (coupon.expiration_date && coupon.expiration_date <= new Date()) throw refuse("The coupon has expired.");
  if (coupon.max_uses !== null && coupon.uses >= coupon.max_uses) throw refuse("The coupon has reached its maximum number of uses.");
  return { code: coupon.code, type: coupon.type, discount: coupon.discount };
}

/**
 * POST .../abandoned-checkouts/{invoiceId}/recover: queues the recovery
 * email and stamps `recovery_sent_at`, in one transaction. Sending again is
 * allowed (the seller asks for it explicitly) and moves the stamp. The stamp
 * is conditional on the invoice still being pending, so a checkout paid in
 * the meantime gets no email.
 */
export async function recoverCheckout(client: PrismaClient, shop: Shop, invoiceId: string, input: RecoverCheckoutInput) {
  return client.$transaction(async (tx) => {
    const id = await findAbandonedCheckoutId(tx, shop.id, invoiceId);
    const coupon = await offeredCoupon(tx, shop.id, input.coupon_id);
    const stamped = await tx.invoice.updateManyAndReturn({
      where: { id, status: "pending" },
      data: { recovery_sent_at: new Date() },
      select: { id: true, unique_id: true, email: true, price: true, currency: true },
    });
    if (!stamped.length) throw notFoundCheckout();
    await enqueueEmail(tx, await recoveryEmail({ id: shop.id, look: await mailShopOf(tx, shop.id) }, stamped[0]!, coupon));
    await recordEvent(tx, shop.id, "checkout.abandoned", () => checkoutEvent(tx, id));
    return serializeCheckout(await tx.invoice.findUniqueOrThrow({ where: { id }, include: checkoutInclude }));
  });
}

/**
 * POST .../abandoned-checkouts/bulk-recover. With `invoice_ids`: those
 * invoices (each must be an invoice of this shop, else 422 on
 * `invoice_ids.N`; ones that are no longer pending are skipped and listed).
 * Without: the shop's visible abandoned checkouts that were never sent a
 * recovery email, oldest first, at most MAX_BULK_RECOVER per call (call
 * again for the rest). Answers which invoices got an email.
 */
export async function bulkRecoverCheckouts(client: PrismaClient, shop: Shop, input: BulkRecoverInput): Promise<BulkRecoveryView> {
  return client.$transaction(async (tx) => {
    const coupon = await offeredCoupon(tx, shop.id, input.coupon_id);
    let candidateIds: number[];
    if (input.invoice_ids) {
      const ids = [...new Set(input.invoice_ids)];
      const known = await tx.invoice.findMany({ where: { shop_id: shop.id, id: { in: ids } }, select: { id: true } });
      const errors = unknownIdErrors(input.invoice_ids, known, "invoice_ids");
      if (Object.keys(errors).length) throw validationFailed(errors);
      candidateIds = ids;
    } else {
      const picked = await tx.invoice.findMany({
        where: { AND: [abandonedWhere(shop.id), { dismissed_at: null, recovery_sent_at: null }] },
        orderBy: [{ created_at: "asc" }, { id: "asc" }],
        take: MAX_BULK_RECOVER,
        select: { id: true },
      });
      candidateIds = picked.map((invoice) => invoice.id);
    }
    const stamped = candidateIds.length
      ? await tx.invoice.updateManyAndReturn({
          where: { AND: [abandonedWhere(shop.id), { id: { in: candidateIds } }] },
          data: { recovery_sent_at: new Date() },
          select: { id: true, unique_id: true, email: true, price: true, currency: true },
        })
      : [];
    stamped.sort((a, b) => candidateIds.indexOf(a.id) - candidateIds.indexOf(b.id));
    const from = stamped.length ? { id: shop.id, look: await mailShopOf(tx, shop.id) } : null;
    for (const checkout of stamped) await enqueueEmail(tx, await recoveryEmail(from!, checkout, coupon));
    for (const checkout of stamped) await recordEvent(tx, shop.id, "checkout.abandoned", () => checkoutEvent(tx, checkout.id));
    const sent = new Set(stamped.map((checkout) => checkout.id));
    return {
      message: `${stamped.length} recovery email${stamped.length === 1 ? "" : "s"} queued.`,
      recovered: stamped.length,
      invoice_ids: stamped.map((checkout) => checkout.id),
      skipped: candidateIds.filter((id) => !sent.has(id)),
    };
  });
}
