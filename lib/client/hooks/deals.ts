"use client";
import type { BundleOfferView, QuantityDealView } from "../../deals/schemas";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { BundleOfferInput, QuantityDealInput } from "../../deals/schemas";
import { apiFetch } from "../api";
import { queryKeys } from "../query-keys";
import type { Envelope } from "./invoices";

export type QuantityDeal = QuantityDealView;

export type BundleOffer = BundleOfferView;

/** Deals and offers share a path shape: `quantity-deals` and `bundle-offers`. */
type Kind = "quantity-deals" | "bundle-offers";
const keysOf = (shopId: string, kind: Kind) => (kind === "quantity-deals" ? queryKeys.quantityDeals : queryKeys.bundleOffers)(shopId);

function useList<T>(shopId: string, kind: Kind, page: number) {
  return useQuery({
    queryKey: keysOf(shopId, kind).list({ page }),
    queryFn: () => apiFetch<Envelope<T>>(`/v1/shops/${shopId}/${kind}`, { query: { page } }),
    placeholderData: keepPreviousData,
  });
}

/** Create (no id) or full-replacement update (with id); the lists refetch. */
function useSave<Body, T>(shopId: string, kind: Kind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: Body }) =>
      id === undefined
        ? apiFetch<T>(`/v1/shops/${shopId}/${kind}`, { method: "POST", body: input })
        : apiFetch<T>(`/v1/shops/${shopId}/${kind}/${id}/update`, { method: "PUT", body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: keysOf(shopId, kind).lists() }),
  });
}

function useDelete(shopId: string, kind: Kind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<{ message: string }>(`/v1/shops/${shopId}/${kind}/${id}`, { method: "DELETE" }),
    onSuccess: () => client.invalidateQueries({ queryKey: keysOf(shopId, kind).lists() }),
  });
}

export const useQuantityDeals = (shopId: string, page: number) => useList<QuantityDeal>(shopId, "quantity-deals", page);
export const useSaveQuantityDeal = (shopId: string) =>
  useSave<QuantityDealInput | QuantityDealBody, QuantityDeal>(shopId, "quantity-deals");
export const useDeleteQuantityDeal = (shopId: string) => useDelete(shopId, "quantity-deals");

export const useBundleOffers = (shopId: string, page: number) => useList<BundleOffer>(shopId, "bundle-offers", page);
export const useSaveBundleOffer = (shopId: string) => useSave<BundleOfferInput | BundleOfferBody, BundleOffer>(shopId, "bundle-offers");
export const useDeleteBundleOffer = (shopId: string) => useDelete(shopId, "bundle-offers");

type QuantityDealBody = ReturnType<typeof quantityDealBody>;
type BundleOfferBody = ReturnType<typeof bundleOfferBody>;

/** The record as its update body (update is a full replacement), for the enabled toggle. */
export function quantityDealBody(deal: QuantityDeal, changes: Partial<QuantityDeal> = {}) {
  const {
    name,
    product_id,
    variant_id,
    buy_quantity,
    discounted_quantity,
    percentage,
    max_uses_per_cart,
    priority,
    starts_at,
    ends_at,
    enabled,
  } = { ...deal, ...changes };
  return {
    name,
    product_id,
    variant_id,
    buy_quantity,
    discounted_quantity,
    percentage,
    max_uses_per_cart,
    priority,
    starts_at,
    ends_at,
    enabled,
  };
}

export function bundleOfferBody(offer: BundleOffer, changes: Partial<BundleOffer> = {}) {
  const { name, type, discount, items, max_uses_per_cart, priority, starts_at, ends_at, enabled } = { ...offer, ...changes };
  return { name, type, discount, items, max_uses_per_cart, priority, starts_at, ends_at, enabled };
}
