/**
 * The subscription lifecycle. The spec names six statuses and leaves the
 * transitions open; these are ours, and every write in lib/subscriptions
 * goes through them.
 *
 *   pending   created, first payment not made yet (no period)
 *   trialing  in a free trial: current period = the trial, trial_ends_at set
 *   active    paid for the current period
 *   past_due  the renewal payment failed; still the customer's until it
 *             is paid (-> active) or given up (-> expired)
 *   cancelled ended by the seller (or at the end of a period the seller
 *             chose to finish): cancelled_at and ended_at set. Terminal.
 *   expired   ran out without renewal. Terminal.
 *
 *   pending  -> trialing | active | cancelled | expired
 *   trialing -> active | past_due | cancelled | expired
 *   active   -> past_due | cancelled | expired
 *   past_due -> active | cancelled | expired
 *
 * Cancelling (POST .../cancel):
 * - immediately: from any live status (pending, trialing, active,
 *   past_due) to `cancelled`; cancelled_at = ended_at = now,
 *   cancel_at_period_end false.
 * - `at_period_end`: only while a paid or trial period is running
 *   (trialing or active, current_period_end in the future; a past_due
 *   subscription's period is already over); the status stays,
 *   cancel_at_period_end becomes true and cancelled_at records when it was
 *   asked. Asking again changes nothing.
 *   When current_period_end has passed the subscription becomes
 *   `cancelled` with ended_at = current_period_end (see `settleEndedPeriods`).
 * - a `cancelled` or `expired` subscription cannot be cancelled: 422.
 */
export const SUBSCRIPTION_STATUSES = ["pending", "trialing", "active", "past_due", "cancelled", "expired"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const TERMINAL_STATUSES: readonly SubscriptionStatus[] = ["cancelled", "expired"];

/** Statuses an immediate cancel may leave. */
export const CANCELLABLE_NOW: readonly SubscriptionStatus[] = ["pending", "trialing", "active", "past_due"];

/** Statuses with a running period that a cancel at period end can wait for. */
export const CANCELLABLE_AT_PERIOD_END: readonly SubscriptionStatus[] = ["trialing", "active"];

export const TRANSITIONS: Record<SubscriptionStatus, readonly SubscriptionStatus[]> = {
  pending: ["trialing", "active", "cancelled", "expired"],
  trialing: ["active", "past_due", "cancelled", "expired"],
  active: ["past_due", "cancelled", "expired"],
  past_due: ["active", "cancelled", "expired"],
  cancelled: [],
  expired: [],
};

export function canMove(from: SubscriptionStatus, to: SubscriptionStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

/** Why a cancel is refused, or null when it is allowed. */
export function cancelRefusal(
  subscription: { status: SubscriptionStatus; current_period_end: Date | null },
  atPeriodEnd: boolean,
  now: Date,
): string | null {
  const { status } = subscription;
  if (status === "cancelled") return "The subscription is already cancelled.";
  if (status === "expired") return "The subscription has expired and cannot be cancelled.";
  if (!atPeriodEnd) return null;
  const running = subscription.current_period_end !== null && subscription.current_period_end > now;
  if (!CANCELLABLE_AT_PERIOD_END.includes(status) || !running) {
    return `A ${status.replace("_", " ")} subscription has no running period to finish; cancel it immediately instead.`;
  }
  return null;
}
