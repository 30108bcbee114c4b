import type { Db } from "../db";
import { Decimal, type Money } from "../money";

/** The affiliate wallet is its ledger: the balance is the sum of the entries (commissions, reversals, payouts). */
export async function affiliateBalance(db: Db, affiliateId: number): Promise<Money> {
  const sum = await db.affiliateWalletEntry.aggregate({ where: { affiliate_id: affiliateId }, _sum: { amount_usd: true } });
  return new Decimal(sum._sum.amount_usd ?? 0);
}

/**
 * Payouts are blocked while the wallet is negative (a commission was clawed
 * back after it had been paid out) and when there is nothing to pay.
 */
export async function canPayOut(db: Db, affiliateId: number): Promise<boolean> {
  return (await affiliateBalance(db, affiliateId)).greaterThan(0);
}
