import { Prisma, type Db } from "../db";

/**
 * The reseller balance is a ledger: every change is a row whose
 * balance_after is the running sum. Writers hold the reseller row lock
 * (`lockReseller`) while they read the last balance and append, so two
 * concurrent charges can never both spend the same money.
 */

/** `SELECT ... FOR UPDATE` on the reseller row; the lock lasts until the transaction ends. */
export async function lockReseller(tx: Db, resellerId: number): Promise<void> {
  await tx.$queryRaw`SELECT "id" FROM "resellers" WHERE "id" = ${resellerId} FOR UPDATE`;
}

export async function balanceOf(db: Db, resellerId: number): Promise<Prisma.Decimal> {
  const last = await db.resellerLedgerEntry.findFirst({
    where: { reseller_id: resellerId },
    orderBy: { id: "desc" },
    select: { balance_after: true },
  });
  return last?.balance_after ?? new Prisma.Decimal(0);
}

/** Balances of many resellers in one query (the seller's list). */
export async function balancesOf(db: Db, resellerIds: number[]): Promise<Map<number, Prisma.Decimal>> {
  if (!resellerIds.length) return new Map();
  const rows = await db.$queryRaw<{ reseller_id: number; balance_after: Prisma.Decimal }[]>`
    SELECT DISTINCT ON ("reseller_id") "reseller_id", "balance_after"
    FROM "reseller_ledger_entries" WHERE "reseller_id" IN (${Prisma.join(resellerIds)})
    ORDER BY "reseller_id", "id" DESC`;
  return new Map(rows.map((row) => [row.reseller_id, new Prisma.Decimal(row.balance_after)]));
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
