"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreateShopInput, DeleteShopInput, ShopView, UpdateShopInput } from "../../shops/schemas";
import { apiFetch } from "../api";
import { queryKeys } from "../query-keys";

const keys = queryKeys.account.shops;

/** One shop as GET /v1/shops/{shopId} answers it (a session never gets its secrets). */
export function useShop(shopId: string) {
  return useQuery({ queryKey: keys.detail(shopId), queryFn: () => apiFetch<ShopView>(`/v1/shops/${shopId}`) });
}

export function useCreateShop() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateShopInput) => apiFetch<ShopView>("/v1/shops/create", { method: "POST", body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.lists() }),
  });
}

export function useUpdateShop(shopId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateShopInput) => apiFetch<ShopView>(`/v1/shops/${shopId}/update`, { method: "PUT", body: input }),
    onSuccess: (saved) => {
      client.setQueryData(keys.detail(shopId), saved);
      return client.invalidateQueries({ queryKey: keys.lists() });
    },
  });
}

export function useDeleteShop(shopId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: DeleteShopInput) => apiFetch<{ message: string }>(`/v1/shops/${shopId}`, { method: "DELETE", body: input }),
    onSuccess: () => {
      client.removeQueries({ queryKey: keys.detail(shopId) });
      // out of the list at once: /dashboard opens the first listed shop, which must not be this one
      client.setQueryData<ShopView[]>(keys.lists(), (shops) => shops?.filter((shop) => String(shop.id) !== shopId));
      return client.invalidateQueries({ queryKey: keys.lists() });
    },
  });
}
