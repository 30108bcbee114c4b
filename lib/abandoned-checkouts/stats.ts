import { Prisma, query, type Db } from "../db";
import { Decimal, moneyString } from "../money";
import { abandonedWhere, paymentNotStarted, paymentStarted } from "./abandoned";
import type { AbandonedCheckoutStatsView } from "./schemas";

/**
 * Counts and USD value of the shop's abandoned checkouts by state, and how
 * recovery emails worked: a checkout is `recovered` when its invoice was
 * completed after a recovery email was sent for it; `recovery_rate` is
 * recovered / recovery emails sent, in percent with 2 decimals (0 when none
 * was sent). `abandoned`, `created` and `pending` leave dismissed ones out;
 * `dismissed` counts those.
 */
export async function abandonedCheckoutStats(db: Db, shopId: number): Promise<AbandonedCheckoutStatsView> {
  const abandoned = abandonedWhere(shopId);
  const bucket = async (where: Prisma.InvoiceWhereInput) => {
    const result = await db.invoice.aggregate({ where, _count: { _all: true }, _sum: { price_usd: true } });
    return { count: result._count._all, value_usd: moneyString(result._sum.price_usd ?? 0) };
  };
  const recoveredIds = await query<{ count: bigint; value: Prisma.Decimal | null }>(
    db,
    Prisma.sql`
    SELECT COUNT(*)::bigint AS count, SUM(price_usd) AS value FROM invoices
    WHERE shop_id = ${shopId} AND status = 'completed' AND recovery_sent_at IS NOT NULL
      AND completed_at IS NOT NULL AND completed_at >= recovery_sent_at`,
  );
  const [all, created, pending, dismissed, recoverySent] = await Promise.all([
    bucket({ AND: [abandoned, { dismissed_at: null }] }),
    bucket({ AND: [abandoned, { dismissed_at: null }, paymentNotStarted] }),
    bucket({ AND: [abandoned, { dismissed_at: null }, paymentStarted] }),
    bucket({ AND: [abandoned, { dismissed_at: { not: null } }] }),
    bucket({ shop_id: shopId, reseller_id: null, recovery_sent_at: { not: null } }),
  ]);
  const recoveredCount = Number(recoveredIds[0]?.count ?? 0);
  const recovered = { count: recoveredCount, value_usd: moneyString(recoveredIds[0]?.value ?? 0) };
  const rate = recoverySent.count ? new Decimal(recoveredCount).mul(100).div(recoverySent.count) : new Decimal(0);
  return {
    abandoned: all,
    created,
    pending,
    dismissed,
    recovery_sent: recoverySent,
    recovered,
    recovery_rate: rate.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toNumber(),
    currency: "USD",
  };
}
