"use client";
import type { AbandonedCheckoutStatsView, AbandonedCheckoutView, BulkRecoveryView } from "../../abandoned-checkouts/schemas";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { listAbandonedCheckoutsQuery } from "../../abandoned-checkouts/schemas";
import { apiFetch } from "../api";
import { queryKeys } from "../query-keys";
import type { UrlFilters } from "../use-url-state";
import type { Envelope } from "./invoices";

export type Checkout = AbandonedCheckoutView;

export type CheckoutStats = AbandonedCheckoutStatsView;

export type CheckoutFilters = UrlFilters<typeof listAbandonedCheckoutsQuery.in>;

export type BulkRecoverResult = BulkRecoveryView;

const base = (shopId: string) => `/v1/shops/${shopId}/abandoned-checkouts`;

export function useCheckouts(shopId: string, filters: CheckoutFilters) {
  return useQuery({
    queryKey: queryKeys.checkouts(shopId).list(filters),
    queryFn: () => apiFetch<Envelope<Checkout>>(base(shopId), { query: filters }),
    placeholderData: keepPreviousData,
  });
}

export function useCheckoutStats(shopId: string) {
  return useQuery({ queryKey: queryKeys.checkouts(shopId).stats(), queryFn: () => apiFetch<CheckoutStats>(`${base(shopId)}/stats`) });
}

/** After any change the list, the stats and the invoices (same records) refetch. */
function useRefresh(shopId: string) {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: queryKeys.checkouts(shopId).all });
    void client.invalidateQueries({ queryKey: queryKeys.invoices(shopId).all });
  };
}

export function useSetDismissed(shopId: string) {
  const refresh = useRefresh(shopId);
  return useMutation({
    mutationFn: ({ id, dismissed }: { id: number; dismissed: boolean }) =>
      apiFetch<Checkout>(`${base(shopId)}/${id}/${dismissed ? "dismiss" : "undismiss"}`, { method: "POST" }),
    onSuccess: refresh,
  });
}

export function useRecoverCheckout(shopId: string) {
  const refresh = useRefresh(shopId);
  return useMutation({
    mutationFn: ({ id, couponId }: { id: number; couponId?: number }) =>
      apiFetch<Checkout>(`${base(shopId)}/${id}/recover`, { method: "POST", body: { coupon_id: couponId } }),
    onSuccess: refresh,
  });
}

export function useBulkRecover(shopId: string) {
  const refresh = useRefresh(shopId);
  return useMutation({
    mutationFn: ({ ids, couponId }: { ids: number[]; couponId?: number }) =>
      apiFetch<BulkRecoverResult>(`${base(shopId)}/bulk-recover`, { method: "POST", body: { invoice_ids: ids, coupon_id: couponId } }),
    onSuccess: refresh,
  });
}
