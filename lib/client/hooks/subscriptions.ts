"use client";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CancelSubscriptionInput } from "../../subscriptions/schemas";
import type { SubscriptionStatus } from "../../subscriptions/lifecycle";
import { apiFetch } from "../api";
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

export type SubscriptionFilters = {
  page?: number;
  statuses?: string[];
  product_id?: string;
  email?: string;
  date_from?: string;
  date_to?: string;
};

export const subscriptionKeys = {
  all: (shopId: string) => ["shops", shopId, "subscriptions"] as const,
  list: (shopId: string, filters: SubscriptionFilters) => ["shops", shopId, "subscriptions", "list", filters] as const,
  one: (shopId: string, id: string) => ["shops", shopId, "subscriptions", "one", id] as const,
};

export function useSubscriptions(shopId: string, filters: SubscriptionFilters) {
  return useQuery({
    queryKey: subscriptionKeys.list(shopId, filters),
    queryFn: () => apiFetch<Envelope<Subscription>>(`/v1/shops/${shopId}/subscriptions`, { query: filters }),
    placeholderData: keepPreviousData,
  });
}

export function useSubscription(shopId: string, id: string) {
  return useQuery({
    queryKey: subscriptionKeys.one(shopId, id),
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
      client.setQueryData(subscriptionKeys.one(shopId, id), subscription);
      void client.invalidateQueries({ queryKey: [...subscriptionKeys.all(shopId), "list"] });
      void client.invalidateQueries({ queryKey: ["shops", shopId, "notifications"] });
    },
  });
}
