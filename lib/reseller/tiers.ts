import type { ResellerTier } from "../generated/prisma/client";
import { Prisma, type Db } from "../db";

export type ResellerHistory = { spentUsd: Prisma.Decimal; orders: number };

/**
 * The tier a reseller has earned: the richest tier whose thresholds (spent
 * and number of sales) its history meets. Tiers are ordered by discount,
 * then by thresholds, so a shop's ladder reads bottom to top.
 */
export function tierLadder(tiers: ResellerTier[]): ResellerTier[] {
  return [...tiers].sort(
    (a, b) =>
      a.discount_percentage.comparedTo(b.discount_percentage) ||
      a.min_spent_usd.comparedTo(b.min_spent_usd) ||
      a.min_sales_count - b.min_sales_count ||
      a.id - b.id,
  );
}

export function earnedTier(tiers: ResellerTier[], history: ResellerHistory): { tier: ResellerTier | null; next: ResellerTier | null } {
  const ladder = tierLadder(tiers);
  let tier: ResellerTier | null = null;
  for (const candidate of ladder) {
    if (history.spentUsd.gte(candidate.min_spent_usd) && history.orders >= candidate.min_sales_count) tier = candidate;
  }
  const above = tier ? ladder.slice(ladder.indexOf(tier) + 1) : ladder;
  const next =
    above.find((candidate) => !(history.spentUsd.gte(candidate.min_spent_usd) && history.orders >= candidate.min_sales_count)) ?? null;
  return { tier, next };
}

/** What the reseller has bought: completed-or-pending reseller invoices (cancelled/refunded ones do not count). */
export async function resellerHistory(db: Db, resellerId: number): Promise<ResellerHistory> {
  const totals = await db.invoice.aggregate({
    where: { reseller_id: resellerId, status: { in: ["completed", "pending"] } },
    _sum: { price_usd: true },
    _count: { _all: true },
  });
  return { spentUsd: totals._sum.price_usd ?? new Prisma.Decimal(0), orders: totals._count._all };
}

export async function currentTier(db: Db, shopId: number, resellerId: number) {
  // Sequential on purpose: `db` may be an interactive transaction.
  const tiers = await db.resellerTier.findMany({ where: { shop_id: shopId } });
  const history = await resellerHistory(db, resellerId);
  return { ...earnedTier(tiers, history), history };
}

/** The discount percentage a reseller buys at (0 without a tier). */
export function discountOf(tier: ResellerTier | null): Prisma.Decimal {
  return tier ? tier.discount_percentage : new Prisma.Decimal(0);
}
