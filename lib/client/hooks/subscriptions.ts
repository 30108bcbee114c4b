"use client";
import type { SubscriptionView } from "../../subscriptions/schemas";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CancelSubscriptionInput, listSubscriptionsQuery } from "../../subscriptions/schemas";
import { apiFetch } from "../api";
import { queryKeys } from "../query-keys";
import type { UrlFilters } from "../use-url-state";
import type { Envelope } from "./invoices";
import { shopResource } from "./resource";

export type Subscription = SubscriptionView;

export type SubscriptionFilters = UrlFilters<typeof listSubscriptionsQuery.in>;

const subscriptions = shopResource<Subscription, never, Envelope<Subscription>, SubscriptionFilters>({
  path: "subscriptions",
  keys: queryKeys.subscriptions,
});

export const useSubscriptions = subscriptions.useList;
export const useSubscription = subscriptions.useDetail;

/** The answer replaces the cached subscription; lists and the bell (a cancel notifies) refetch. */
export function useCancelSubscription(shopId: string, id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CancelSubscriptionInput) =>
      apiFetch<Subscription>(`/v1/shops/${shopId}/subscriptions/${id}/cancel`, { method: "POST", body: input }),
    onSuccess: (subscription) => {
      client.setQueryData(queryKeys.subscriptions(shopId).detail(id), subscription);
      void client.invalidateQueries({ queryKey: queryKeys.subscriptions(shopId).lists() });
      void client.invalidateQueries({ queryKey: queryKeys.notifications(shopId).all });
    },
  });
}
