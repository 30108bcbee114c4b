"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CheckoutInput, CheckoutView } from "../../checkout/schemas";
import type { PaymentMethodView } from "../../payment-methods/schemas";
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
    onSuccess: (saved) => {
      client.setQueryData(queryKeys.shopSettings(shopId), saved);
      void client.invalidateQueries({ queryKey: queryKeys.paymentMethods(shopId) });
    },
  });
}

const methodsPath = (shopId: string) => `/v1/shops/${shopId}/payment-methods`;

export function usePaymentMethods(shopId: string) {
  return useQuery({
    queryKey: queryKeys.paymentMethods(shopId),
    queryFn: () => apiFetch<{ data: PaymentMethodView[] }>(methodsPath(shopId)),
  });
}

/** A change of the methods changes the shop's derived `valid_payment_methods`: both views are read again. */
function usePaymentMethodsChange<T>(shopId: string, mutationFn: (input: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.paymentMethods(shopId) }),
        client.invalidateQueries({ queryKey: queryKeys.shopSettings(shopId) }),
      ]),
  });
}

export function useTogglePaymentMethod(shopId: string) {
  return usePaymentMethodsChange(shopId, (id: number) =>
    apiFetch<PaymentMethodView>(`${methodsPath(shopId)}/${id}/toggle`, { method: "POST" }),
  );
}

export function useOrderPaymentMethods(shopId: string) {
  return usePaymentMethodsChange(shopId, (ids: number[]) =>
    apiFetch<{ data: PaymentMethodView[] }>(`${methodsPath(shopId)}/order`, { method: "PUT", body: { paymentMethods: ids } }),
  );
}

/** A checkout made from the dashboard's link helper (the same call a seller's backend makes). */
export function useCreateCheckout(shopId: string) {
  return useMutation({
    mutationFn: (input: CheckoutInput) => apiFetch<CheckoutView>(`/v1/shops/${shopId}/checkout`, { method: "POST", body: input }),
  });
}
