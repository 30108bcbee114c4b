/**
 * How far a reseller is from its next tier, for the portal's progress bars.
 * A tier needs BOTH thresholds, so the overall progress is the smaller one.
 * Pure (no server code): the page imports it.
 */
export type Threshold = { current: number; target: number; percent: number };

function threshold(current: number, target: number): Threshold {
  const percent = target <= 0 ? 100 : Math.min(100, Math.floor((current / target) * 100));
  return { current, target, percent };
}

export function tierProgress(history: {
  total_spent_usd: number;
  total_orders: number;
  next_tier: { min_spent_usd: string; min_sales_count: number } | null;
}) {
  if (!history.next_tier) return null;
  const spent = threshold(history.total_spent_usd, Number(history.next_tier.min_spent_usd));
  const orders = threshold(history.total_orders, history.next_tier.min_sales_count);
  return { spent, orders, percent: Math.min(spent.percent, orders.percent) };
}
