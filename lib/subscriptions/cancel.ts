import { Prisma, query, type PrismaClient } from "../db";
import { notFound, stateConflict } from "../api/errors";
import { notify } from "../notifications/create";
import { cancelRefusal, type SubscriptionStatus } from "./lifecycle";
import type { CancelSubscriptionInput } from "./schemas";
import { serializeSubscription, subscriptionInclude } from "./serialize";
import { settleEndedPeriods } from "./settle";
import { recordEvent } from "../webhooks/events";
import { subscriptionEvent } from "../webhooks/objects";

/**
 * POST .../subscriptions/{subscriptionId}/cancel, by the rules of
 * lib/subscriptions/lifecycle.ts. The row is locked for the check and the
 * write, so two concurrent cancels see each other: the second one meets a
 * cancelled subscription. The seller is notified in the same transaction.
 */
export async function cancelSubscription(client: PrismaClient, shopId: number, subscriptionId: number, input: CancelSubscriptionInput) {
  const atPeriodEnd = input.at_period_end ?? false;
  return client.$transaction(async (tx) => {
    const locked = await query<{ id: number }>(
      tx,
      Prisma.sql`
      SELECT id FROM subscriptions WHERE id = ${subscriptionId} AND shop_id = ${shopId} FOR UPDATE`,
    );
    if (!locked.length) throw notFound("Subscription");
    await settleEndedPeriods(tx, shopId, subscriptionId);
    const current = await tx.subscription.findUniqueOrThrow({ where: { id: subscriptionId }, include: subscriptionInclude });
    const now = new Date();

    const refusal = cancelRefusal(
      { status: current.status as SubscriptionStatus, current_period_end: current.current_period_end },
      atPeriodEnd,
      now,
    );
    if (refusal) throw stateConflict(refusal);
    if (atPeriodEnd && current.cancel_at_period_end) return serializeSubscription(current);

    const updated = await tx.subscription.update({
      where: { id: subscriptionId },
      data: atPeriodEnd
        ? { cancel_at_period_end: true, cancelled_at: now }
        : { status: "cancelled", cancel_at_period_end: false, cancelled_at: now, ended_at: now },
      include: subscriptionInclude,
    });
    const what = `${updated.product.name} subscription of ${updated.customer.email}`;
    await notify(tx, shopId, {
      event: "subscription_cancelled",
      level: "info",
      title: atPeriodEnd ? "Subscription will be cancelled" : "Subscription cancelled",
      description: atPeriodEnd
        ? `The ${what} ends on ${updated.current_period_end!.toISOString().slice(0, 10)}.`
        : `The ${what} was cancelled.`,
      link: `/dashboard/subscriptions/${subscriptionId}`,
    });
    if (!atPeriodEnd) await recordEvent(tx, shopId, "subscription.cancelled", () => subscriptionEvent(tx, subscriptionId));
    return serializeSubscription(updated);
  });
}
