import { Prisma, query, type Db } from "../db";
import { recordEvent } from "../webhooks/events";
import { subscriptionEvent } from "../webhooks/objects";

/**
 * A subscription cancelled at period end becomes `cancelled` once that
 * period is over (lib/subscriptions/lifecycle.ts). There is no scheduler:
 * every read settles the shop's due ones first, with one conditional update
 * that is safe to run from any number of processes at once. Each one settled
 * is a `subscription.cancelled` webhook event, written in the same
 * transaction: call it inside one (reads open one for it).
 */
export async function settleEndedPeriods(tx: Db, shopId: number, subscriptionId?: number): Promise<void> {
  const settled = await query<{ id: number }>(
    tx,
    Prisma.sql`
      UPDATE subscriptions
         SET status = 'cancelled', ended_at = current_period_end, updated_at = (now() AT TIME ZONE 'UTC')
       WHERE shop_id = ${shopId}
         AND (${subscriptionId ?? null}::int IS NULL OR id = ${subscriptionId ?? null}::int)
         AND status IN ('trialing', 'active', 'past_due')
         AND cancel_at_period_end
         AND current_period_end <= (now() AT TIME ZONE 'UTC')
      RETURNING id`,
  );
  for (const { id } of settled) await recordEvent(tx, shopId, "subscription.cancelled", () => subscriptionEvent(tx, id));
}
