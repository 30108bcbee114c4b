"use client";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CancelSubscriptionInput, listSubscriptionsQuery } from "../../subscriptions/schemas";
import type { SubscriptionStatus } from "../../subscriptions/lifecycle";
import { apiFetch } from "../api";
import { queryKeys } from "../query-keys";
import type { UrlFilters } from "../use-url-state";
import type { Envelope } from "./invoices";

export type Subscription = {
  id: number;
  status: SubscriptionStatus;
  customer_id: number;
  product_id: number;
  variant_id: number | null;
  price: string;
  currency: string;
  interval: string;
  current_period_start: string | null;
  current_period_end: string | null;
  trial_ends_at: string | null;
  cancel_at_period_end: boolean;
  cancelled_at: string | null;
  ended_at: string | null;
  created_at: string;
  updated_at: string;
  customer: { id: number; email: string };
  product: { id: number; name: string };
  variant: { id: number; name: string } | null;
};

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
