"use client";
import type { ResellerTierView, ResellerView } from "../../reseller/schemas";
import type { AdjustBalanceInput, listResellersQuery, TierInput } from "../../reseller/schemas";
import { apiFetch } from "../api";
import { queryKeys } from "../query-keys";
import type { UrlFilters } from "../use-url-state";
import type { Envelope } from "./invoices";
import { shopResource } from "./resource";

/** The seller's management of a shop's resellers and reseller tiers. */

export type ResellerStatus = ResellerView["status"];

export type ShopReseller = ResellerView;

export type ResellerTier = ResellerTierView;

/** The list's filters, as the page keeps them in its URL. */
export type ResellerFilters = UrlFilters<typeof listResellersQuery.in>;

/** A reseller's change (approve, suspend, balance) refetches the resellers; a tier's refetches the resellers too (their tier). */
const resellers = shopResource<ShopReseller, never, Envelope<ShopReseller>, ResellerFilters>({
  path: "resellers",
  keys: queryKeys.resellers,
});
const tiers = shopResource<ResellerTier, TierInput, Envelope<ResellerTier>>({
  path: "reseller-tiers",
  keys: queryKeys.resellerTiers,
  refreshes: [queryKeys.resellers],
});

export const useShopResellers = resellers.useList;

type ResellerAction =
  { resellerId: number; action: "approve" | "suspend" } | { resellerId: number; action: "balance"; body: AdjustBalanceInput };

export function useResellerAction(shopId: string) {
  return resellers.useChange(shopId, (change: ResellerAction) =>
    apiFetch<ShopReseller>(`/v1/shops/${shopId}/resellers/${change.resellerId}/${change.action}`, {
      method: "POST",
      body: change.action === "balance" ? change.body : undefined,
    }),
  );
}

/** Every tier of the shop: a shop has a handful, so one page of the most the API gives. */
const ALL_TIERS = { perPage: "100" };

export const useResellerTiers = (shopId: string) => tiers.useList(shopId, ALL_TIERS);

type TierChange = { kind: "create"; body: TierInput } | { kind: "update"; id: number; body: TierInput } | { kind: "delete"; id: number };

/** Tiers change what every reseller pays and which tier it shows. */
export function useTierChange(shopId: string) {
  return tiers.useChange(shopId, (change: TierChange) => {
    const base = `/v1/shops/${shopId}/reseller-tiers`;
    if (change.kind === "create") return apiFetch<unknown>(base, { method: "POST", body: change.body });
    if (change.kind === "update") return apiFetch<unknown>(`${base}/${change.id}`, { method: "PUT", body: change.body });
    return apiFetch<unknown>(`${base}/${change.id}`, { method: "DELETE" });
  });
}
