import { Prisma, query, type Db } from "../db";

/**
 * The reseller balance is a ledger: every change is a row whose
 * balance_after is the running sum. A trigger (migration
 * 20261124180000_reseller_running_totals) copies each new row's
 * balance_after onto `resellers.balance_usd` in the same transaction, so that
 * column is the balance, and the one place it is read. Writers hold the
 * reseller row lock (`lockReseller`, or the purchase's own lock statement)
 * while they read it and append, so two concurrent charges can never both
 * spend the same money.
 */

/** `SELECT ... FOR UPDATE` on the reseller row, and its balance; the lock lasts until the transaction ends. */
export async function lockReseller(tx: Db, resellerId: number): Promise<Prisma.Decimal> {
  const [row] = await query<{ balance_usd: Prisma.Decimal }>(
    tx,
    Prisma.sql`SELECT "balance_usd" FROM "resellers" WHERE "id" = ${resellerId} FOR UPDATE`,
  );
  if (!row) throw new Error(`reseller ${resellerId} is gone`);
  return row.balance_usd;
}

export async function balanceOf(db: Db, resellerId: number): Promise<Prisma.Decimal> {
  const reseller = await db.reseller.findUnique({ where: { id: resellerId }, select: { balance_usd: true } });
  return reseller?.balance_usd ?? new Prisma.Decimal(0);
}

type Entry = { amount: Prisma.Decimal; kind: "credit" | "charge" | "adjustment" | "refund"; reason: string; invoiceId?: number };

/** Appends one entry; the caller holds the reseller lock and has checked the result is not negative. */
export async function appendLedger(tx: Db, resellerId: number, balanceBefore: Prisma.Decimal, entry: Entry) {
  return tx.resellerLedgerEntry.create({
    data: {
      reseller_id: resellerId,
      amount_usd: entry.amount,
      balance_after: balanceBefore.add(entry.amount),
      kind: entry.kind,
      reason: entry.reason,
      invoice_id: entry.invoiceId ?? null,
    },
  });
}
