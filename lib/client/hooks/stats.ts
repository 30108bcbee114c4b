"use client";
import type { ShopStatsView } from "../../stats/schemas";
import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "../api";
import { queryKeys } from "../query-keys";

export type ShopOverview = ShopStatsView;

export function useShopOverview(shopId: string, days: number) {
  return useQuery({
    queryKey: queryKeys.stats(shopId).overview(days),
    queryFn: () => apiFetch<ShopOverview>(`/v1/shops/${shopId}/stats`, { query: { days } }),
  });
}
