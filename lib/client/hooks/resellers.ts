"use client";
import type { ResellerTierView, ResellerView } from "../../reseller/schemas";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AdjustBalanceInput, listResellersQuery, TierInput } from "../../reseller/schemas";
import { apiFetch } from "../api";
import { queryKeys } from "../query-keys";
import type { UrlFilters } from "../use-url-state";
import type { Envelope } from "./invoices";

/** The seller's management of a shop's resellers and reseller tiers. */

export type ResellerStatus = ResellerView["status"];

export type ShopReseller = ResellerView;

export type ResellerTier = ResellerTierView;

/** The list's filters, as the page keeps them in its URL. */
export type ResellerFilters = UrlFilters<typeof listResellersQuery.in>;

export function useShopResellers(shopId: string, filters: ResellerFilters) {
  return useQuery({
    queryKey: queryKeys.resellers(shopId).list(filters),
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
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.resellers(shopId).lists() }),
  });
}

/** Every tier of the shop: a shop has a handful, so one page of the most the API gives. */
const ALL_TIERS = { perPage: 100 };

export function useResellerTiers(shopId: string) {
  return useQuery({
    queryKey: queryKeys.resellerTiers(shopId).list(ALL_TIERS),
    queryFn: () => apiFetch<Envelope<ResellerTier>>(`/v1/shops/${shopId}/reseller-tiers`, { query: ALL_TIERS }),
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
      void client.invalidateQueries({ queryKey: queryKeys.resellerTiers(shopId).lists() });
      void client.invalidateQueries({ queryKey: queryKeys.resellers(shopId).lists() });
    },
  });
}
