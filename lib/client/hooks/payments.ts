"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CheckoutInput, CheckoutView } from "../../checkout/schemas";
import type { ShopSettingsInput, ShopSettingsView } from "../../shops/schemas";
import { apiFetch } from "../api";
import { queryKeys } from "../query-keys";

const settingsPath = (shopId: string) => `/v1/shops/${shopId}/settings`;

export function useShopSettings(shopId: string) {
  return useQuery({ queryKey: queryKeys.shopSettings(shopId), queryFn: () => apiFetch<ShopSettingsView>(settingsPath(shopId)) });
}

export function useSaveShopSettings(shopId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ShopSettingsInput) => apiFetch<ShopSettingsView>(settingsPath(shopId), { method: "PUT", body: input }),
    onSuccess: (saved) => client.setQueryData(queryKeys.shopSettings(shopId), saved),
  });
}

/** A checkout made from the dashboard's link helper (the same call a seller's backend makes). */
export function useCreateCheckout(shopId: string) {
  return useMutation({
    mutationFn: (input: CheckoutInput) => apiFetch<CheckoutView>(`/v1/shops/${shopId}/checkout`, { method: "POST", body: input }),
  });
}
