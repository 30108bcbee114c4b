"use client";
import type { SubscriptionView } from "../../subscriptions/schemas";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CancelSubscriptionInput, listSubscriptionsQuery } from "../../subscriptions/schemas";
import { apiFetch } from "../api";
import { queryKeys } from "../query-keys";
import type { UrlFilters } from "../use-url-state";
import type { Envelope } from "./invoices";

export type Subscription = SubscriptionView;

export type SubscriptionFilters = UrlFilters<typeof listSubscriptionsQuery.in>;

export function useSubscriptions(shopId: string, filters: SubscriptionFilters) {
  return useQuery({
    queryKey: queryKeys.subscriptions(shopId).list(filters),
    queryFn: () => apiFetch<Envelope<Subscription>>(`/v1/shops/${shopId}/subscriptions`, { query: filters }),
    placeholderData: keepPreviousData,
  });
}

export function useSubscription(shopId: string, id: string) {
  return useQuery({
    queryKey: queryKeys.subscriptions(shopId).detail(id),
    queryFn: () => apiFetch<Subscription>(`/v1/shops/${shopId}/subscriptions/${id}`),
  });
}

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
