"use client";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CheckoutType } from "../../checkouts/schemas";
import { apiFetch } from "../api";
import type { Envelope } from "./invoices";

export type Checkout = {
  id: number;
  unique_id: string;
  type: "created" | "pending";
  status: string;
  email: string;
  price: string;
  price_usd: string;
  currency: string;
  gateway: string | null;
  product: { id: number; name: string } | null;
  variant: { id: number; name: string } | null;
  items: { product_name: string; variant_name: string; quantity: number; total_price: string }[];
  coupon_id: number | null;
  dismissed: boolean;
  dismissed_at: string | null;
  recovery_sent_at: string | null;
  checkout_url: string;
  created_at: string;
};

type Bucket = { count: number; value_usd: string };

export type CheckoutStats = {
  abandoned: Bucket;
  created: Bucket;
  pending: Bucket;
  dismissed: Bucket;
  recovery_sent: Bucket;
  recovered: Bucket;
  recovery_rate: number;
  currency: string;
};

export type CheckoutFilters = {
  page?: number;
  type?: CheckoutType;
  search?: string;
  date_from?: string;
  date_to?: string;
  include_dismissed?: boolean;
};

export type BulkRecoverResult = { message: string; recovered: number; invoice_ids: number[]; skipped: number[] };

export const checkoutKeys = {
  all: (shopId: string) => ["shops", shopId, "abandoned-checkouts"] as const,
  list: (shopId: string, filters: CheckoutFilters) => ["shops", shopId, "abandoned-checkouts", "list", filters] as const,
  stats: (shopId: string) => ["shops", shopId, "abandoned-checkouts", "stats"] as const,
};

const base = (shopId: string) => `/v1/shops/${shopId}/abandoned-checkouts`;

export function useCheckouts(shopId: string, filters: CheckoutFilters) {
  return useQuery({
    queryKey: checkoutKeys.list(shopId, filters),
    queryFn: () => apiFetch<Envelope<Checkout>>(base(shopId), { query: filters }),
    placeholderData: keepPreviousData,
  });
}

export function useCheckoutStats(shopId: string) {
  return useQuery({ queryKey: checkoutKeys.stats(shopId), queryFn: () => apiFetch<CheckoutStats>(`${base(shopId)}/stats`) });
}

/** After any change the list, the stats and the invoices (same records) refetch. */
function useRefresh(shopId: string) {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: checkoutKeys.all(shopId) });
    void client.invalidateQueries({ queryKey: ["shops", shopId, "invoices"] });
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
