import type { ResellerTier } from "../generated/prisma/client";
import { Prisma, type Db } from "../db";

export type ResellerHistory = { spentUsd: Prisma.Decimal; orders: number };

/** What decides a tier and its discount: the purchase reads no more of a tier than this. */
export type TierThresholds = Pick<ResellerTier, "id" | "discount_percentage" | "min_spent_usd" | "min_sales_count">;

/**
 * The tier a reseller has earned: the richest tier whose thresholds (spent
 * and number of sales) its history meets. Tiers are ordered by discount,
 * then by thresholds, so a shop's ladder reads bottom to top.
 */
export function tierLadder<T extends TierThresholds>(tiers: T[]): T[] {
  return [...tiers].sort(
    (a, b) =>
      a.discount_percentage.comparedTo(b.discount_percentage) ||
      a.min_spent_usd.comparedTo(b.min_spent_usd) ||
      a.min_sales_count - b.min_sales_count ||
      a.id - b.id,
  );
}

export function earnedTier<T extends TierThresholds>(tiers: T[], history: ResellerHistory): { tier: T | null; next: T | null } {
  const ladder = tierLadder(tiers);
  let tier: T | null = null;
  for (const candidate of ladder) {
    if (history.spentUsd.gte(candidate.min_spent_usd) && history.orders >= candidate.min_sales_count) tier = candidate;
  }
  const above = tier ? ladder.slice(ladder.indexOf(tier) + 1) : ladder;
  const next =
    above.find((candidate) => !(history.spentUsd.gte(candidate.min_spent_usd) && history.orders >= candidate.min_sales_count)) ?? null;
  return { tier, next };
}

/**
 * What the reseller has bought: completed-or-pending reseller invoices
 * (cancelled/refunded ones do not count), as the running totals the
 * invoice triggers keep on the reseller row (migration 20261124180000).
 */
export async function resellerHistory(db: Db, resellerId: number): Promise<ResellerHistory> {
  const row = await db.reseller.findUniqueOrThrow({ where: { id: resellerId }, select: { spent_usd: true, sales_count: true } });
  return { spentUsd: row.spent_usd, orders: row.sales_count };
}

export async function currentTier(db: Db, shopId: number, resellerId: number) {
  // Sequential on purpose: `db` may be an interactive transaction.
  const tiers = await db.resellerTier.findMany({ where: { shop_id: shopId } });
  const history = await resellerHistory(db, resellerId);
  return { ...earnedTier(tiers, history), history };
}

/** The discount percentage a reseller buys at (0 without a tier). */
export function discountOf(tier: TierThresholds | null): Prisma.Decimal {
  return tier ? tier.discount_percentage : new Prisma.Decimal(0);
}
