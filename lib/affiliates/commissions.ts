import type { Db } from "../db";
import { stateConflict } from "../api/errors";
import { roundMoney } from "../money";

/**
 * Credits the referring affiliate's commission when an invoice completes:
 * `commission_percentage` of the USD price, once per invoice (the unique
 * invoice_id makes a second completion, e.g. after unrefund, credit nothing).
 */
export async function creditAffiliateCommission(tx: Db, invoiceId: number): Promise<void> {
  const invoice = await tx.invoice.findUniqueOrThrow({
    where: { id: invoiceId },
    select: {
      price_usd: true,
      affiliate: { select: { id: true, commission_percentage: true } },
      affiliate_commission: { select: { id: true } },
    },
  });
  if (!invoice.affiliate || invoice.affiliate_commission) return;
  const amount = roundMoney(invoice.price_usd.mul(invoice.affiliate.commission_percentage).div(100));
  await tx.affiliateCommission.create({ data: { affiliate_id: invoice.affiliate.id, invoice_id: invoiceId, amount_usd: amount } });
  await tx.affiliateWalletEntry.create({
    data: { affiliate_id: invoice.affiliate.id, amount_usd: amount, kind: "commission", invoice_id: invoiceId },
  });
}

/**
 * Claws back an invoice's credited commission: a negative wallet entry of
 * the same amount. The wallet may go negative (the commission may already
 * have been paid out); payouts then wait (see wallet.ts). The conditional
 * update makes two concurrent reversals reverse once.
 */
export async function reverseAffiliateCommission(tx: Db, invoiceId: number): Promise<void> {
  const commission = await tx.affiliateCommission.findUnique({ where: { invoice_id: invoiceId } });
  const reversed = commission
    ? await tx.affiliateCommission.updateMany({ where: { id: commission.id, reversed_at: null }, data: { reversed_at: new Date() } })
    : { count: 0 };
  if (!commission || reversed.count === 0) {
    throw stateConflict(
      commission ? "The affiliate commission was already reversed." : "No affiliate commission was credited for this invoice.",
    );
  }
  await tx.affiliateWalletEntry.create({
    data: { affiliate_id: commission.affiliate_id, amount_usd: commission.amount_usd.neg(), kind: "reversal", invoice_id: invoiceId },
  });
}
