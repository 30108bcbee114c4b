import type { Db } from "../db";
import { findAbandonedCheckoutId } from "./abandoned";
import { checkoutInclude, serializeCheckout } from "./serialize";

/**
 * Dismiss and undismiss are idempotent: dismissing a dismissed checkout
 * keeps its first `dismissed_at`, undismissing a visible one changes nothing;
 * both answer 200 with the checkout. The update is conditional on the
 * invoice still being pending, so it cannot touch an invoice paid meanwhile.
 */
export async function setDismissed(db: Db, shopId: number, invoiceId: string, dismissed: boolean) {
  const id = await findAbandonedCheckoutId(db, shopId, invoiceId);
  await db.invoice.updateMany({
    where: { id, status: "pending", dismissed_at: dismissed ? null : { not: null } },
    data: { dismissed_at: dismissed ? new Date() : null },
  });
  return serializeCheckout(await db.invoice.findUniqueOrThrow({ where: { id }, include: checkoutInclude }));
}
