import type { Customer, Product, Subscription, Variant } from "../generated/prisma/client";
import { moneyString } from "../money";
import type { SubscriptionView } from "./schemas";

export type SubscriptionWithRelations = Subscription & {
  customer: Pick<Customer, "id" | "email">;
  product: Pick<Product, "id" | "name">;
  variant: Pick<Variant, "id" | "name"> | null;
};

/** The relations `serializeSubscription` reads. */
export const subscriptionInclude = {
  customer: { select: { id: true, email: true } },
  product: { select: { id: true, name: true } },
  variant: { select: { id: true, name: true } },
} as const;

const iso = (value: Date | null) => value?.toISOString() ?? null;

/** The spec does not show the record; `price` is a 2-decimal string like an invoice's. */
export function serializeSubscription(subscription: SubscriptionWithRelations): SubscriptionView {
  return {
    id: subscription.id,
    shop_id: subscription.shop_id,
    status: subscription.status,
    customer_id: subscription.customer_id,
    product_id: subscription.product_id,
    variant_id: subscription.variant_id,
    price: moneyString(subscription.price),
    currency: subscription.currency,
    interval: subscription.interval,
    current_period_start: iso(subscription.current_period_start),
    current_period_end: iso(subscription.current_period_end),
    trial_ends_at: iso(subscription.trial_ends_at),
    cancel_at_period_end: subscription.cancel_at_period_end,
    cancelled_at: iso(subscription.cancelled_at),
    ended_at: iso(subscription.ended_at),
    created_at: subscription.created_at.toISOString(),
    updated_at: subscription.updated_at.toISOString(),
    customer: { id: subscription.customer.id, email: subscription.customer.email },
    product: { id: subscription.product.id, name: subscription.product.name },
    variant: subscription.variant ? { id: subscription.variant.id, name: subscription.variant.name } : null,
  };
}
