import type { Reseller, ResellerTier } from "../generated/prisma/client";
import type { Db } from "../db";
import { moneyNumber, moneyString } from "../money";
import { balanceOf } from "./ledger";
import type { NextTierView, ResellerBalanceView, TierSummaryView } from "./schemas";
import { currentTier } from "./tiers";

export function serializeTier(tier: ResellerTier | null): TierSummaryView | null {
  return tier ? { name: tier.name, discount_percentage: tier.discount_percentage.toNumber(), image_url: tier.image_url } : null;
}

export function serializeNextTier(tier: ResellerTier | null): NextTierView | null {
  return tier
    ? {
        name: tier.name,
        discount_percentage: tier.discount_percentage.toNumber(),
        min_spent_usd: moneyString(tier.min_spent_usd),
        min_sales_count: tier.min_sales_count,
        image_url: tier.image_url,
      }
    : null;
}

/** GET /v1/reseller/balance: the balance, and the tier earned from the reseller's history. */
export async function resellerBalance(db: Db, reseller: Reseller): Promise<ResellerBalanceView> {
  const balance = await balanceOf(db, reseller.id);
  const { tier, next, history } = await currentTier(db, reseller.shop_id, reseller.id);
  return {
    balance: moneyNumber(balance),
    currency: "USD",
    tier: serializeTier(tier),
    total_spent_usd: moneyNumber(history.spentUsd),
    total_orders: history.orders,
    next_tier: serializeNextTier(next),
  };
}
