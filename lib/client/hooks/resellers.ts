"use client";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AdjustBalanceInput, TierInput } from "../../reseller/schemas";
import { apiFetch } from "../api";
import type { Envelope } from "./invoices";

/** The seller's management of a shop's resellers and reseller tiers. */

export type ResellerStatus = "pending" | "approved" | "suspended";

export type ShopReseller = {
  id: number;
  email: string;
  name: string;
  status: ResellerStatus;
  balance: number;
  currency: string;
  tier: { name: string; discount_percentage: number } | null;
  total_spent_usd: number;
  total_orders: number;
  api_key_prefix: string | null;
  approved_at: string | null;
  created_at: string;
};

export type ResellerTier = {
  id: number;
  name: string;
  discount_percentage: number;
  min_spent_usd: string;
  min_sales_count: number;
  image_url: string | null;
};

export const resellersKeys = {
  all: (shopId: string) => ["shops", shopId, "resellers"] as const,
  list: (shopId: string, filters: ResellerFilters) => ["shops", shopId, "resellers", "list", filters] as const,
  tiers: (shopId: string) => ["shops", shopId, "reseller-tiers"] as const,
};

/** The list's filters, as the page keeps them in its URL. */
export type ResellerFilters = { status?: ResellerStatus; email?: string; page?: number };

export function useShopResellers(shopId: string, filters: ResellerFilters) {
  return useQuery({
    queryKey: resellersKeys.list(shopId, filters),
    queryFn: () => apiFetch<Envelope<ShopReseller>>(`/v1/shops/${shopId}/resellers`, { query: filters }),
    placeholderData: keepPreviousData,
  });
}

type ResellerAction =
  { resellerId: number; action: "approve" | "suspend" } | { resellerId: number; action: "balance"; body: AdjustBalanceInput };

/** approve, suspend or adjust the balance; every list of the shop's resellers refetches. */
export function useResellerAction(shopId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: ResellerAction) =>
      apiFetch<ShopReseller>(`/v1/shops/${shopId}/resellers/${change.resellerId}/${change.action}`, {
        method: "POST",
        body: change.action === "balance" ? change.body : undefined,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: resellersKeys.all(shopId) }),
  });
}

export function useResellerTiers(shopId: string) {
  return useQuery({
    queryKey: resellersKeys.tiers(shopId),
    queryFn: () => apiFetch<Envelope<ResellerTier>>(`/v1/shops/${shopId}/reseller-tiers`, { query: { perPage: 100 } }),
  });
}

type TierChange = { kind: "create"; body: TierInput } | { kind: "update"; id: number; body: TierInput } | { kind: "delete"; id: number };

/** Tiers change what every reseller pays and which tier it shows: the tiers and the resellers refetch. */
export function useTierChange(shopId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: TierChange) => {
      const base = `/v1/shops/${shopId}/reseller-tiers`;
      if (change.kind === "create") return apiFetch<unknown>(base, { method: "POST", body: change.body });
      if (change.kind === "update") return apiFetch<unknown>(`${base}/${change.id}`, { method: "PUT", body: change.body });
      return apiFetch<unknown>(`${base}/${change.id}`, { method: "DELETE" });
    },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: resellersKeys.tiers(shopId) });
      void client.invalidateQueries({ queryKey: resellersKeys.all(shopId) });
    },
  });
}
