import type { Reseller } from "../generated/prisma/client";
import type { Db } from "../db";
import { offsetOf, resellerEnvelope, type Page } from "../api/pagination";
import { moneyNumber } from "../money";
import type { LedgerEntryView } from "./schemas";

/** GET /v1/reseller/ledger: the reseller's credits and charges, newest first, with the balance after each. */
export async function listLedger(db: Db, reseller: Reseller, page: Page) {
  const where = { reseller_id: reseller.id };
  const [total, entries] = await Promise.all([
    db.resellerLedgerEntry.count({ where }),
    db.resellerLedgerEntry.findMany({
      where,
      orderBy: { id: "desc" },
      skip: offsetOf(page),
      take: page.perPage,
      include: { invoice: { select: { id: true, unique_id: true } } },
    }),
  ]);
  const data = entries.map((entry): LedgerEntryView => ({
    id: entry.id,
    kind: entry.kind,
    amount_usd: moneyNumber(entry.amount_usd),
    balance_after: moneyNumber(entry.balance_after),
    reason: entry.reason,
    invoice: entry.invoice,
    created_at: entry.created_at.toISOString(),
  }));
  return resellerEnvelope(page, data, total);
}
