"use client";
import type { AbandonedCheckoutStatsView, AbandonedCheckoutView, BulkRecoveryView } from "../../abandoned-checkouts/schemas";
import { useQuery } from "@tanstack/react-query";
import type { listAbandonedCheckoutsQuery } from "../../abandoned-checkouts/schemas";
import { apiFetch } from "../api";
import { queryKeys } from "../query-keys";
import type { UrlFilters } from "../use-url-state";
import type { Envelope } from "./invoices";
import { shopResource } from "./resource";

export type Checkout = AbandonedCheckoutView;

export type CheckoutStats = AbandonedCheckoutStatsView;

export type CheckoutFilters = UrlFilters<typeof listAbandonedCheckoutsQuery.in>;

export type BulkRecoverResult = BulkRecoveryView;

const base = (shopId: string) => `/v1/shops/${shopId}/abandoned-checkouts`;

/** After any change the list, the stats and the invoices (same records) refetch. */
const checkouts = shopResource<Checkout, never, Envelope<Checkout>, CheckoutFilters>({
  path: "abandoned-checkouts",
  keys: queryKeys.checkouts,
  refreshes: [queryKeys.invoices],
});

export const useCheckouts = checkouts.useList;

export function useCheckoutStats(shopId: string) {
  return useQuery({ queryKey: queryKeys.checkouts(shopId).stats(), queryFn: () => apiFetch<CheckoutStats>(`${base(shopId)}/stats`) });
}

export function useSetDismissed(shopId: string) {
  return checkouts.useChange(shopId, ({ id, dismissed }: { id: number; dismissed: boolean }) =>
    apiFetch<Checkout>(`${base(shopId)}/${id}/${dismissed ? "dismiss" : "undismiss"}`, { method: "POST" }),
  );
}

export function useRecoverCheckout(shopId: string) {
  return checkouts.useChange(shopId, ({ id, couponId }: { id: number; couponId?: number }) =>
    apiFetch<Checkout>(`${base(shopId)}/${id}/recover`, { method: "POST", body: { coupon_id: couponId } }),
  );
}

export function useBulkRecover(shopId: string) {
  return checkouts.useChange(shopId, ({ ids, couponId }: { ids: number[]; couponId?: number }) =>
    apiFetch<BulkRecoverResult>(`${base(shopId)}/bulk-recover`, { method: "POST", body: { invoice_ids: ids, coupon_id: couponId } }),
  );
}
