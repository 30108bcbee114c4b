"use client";
import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "../api";
import { queryKeys } from "../query-keys";
import type { InvoiceListItem } from "./invoices";

export type ShopOverview = {
  days: number;
  since: string;
  totals: { orders: number; revenue_usd: string };
  series: { date: string; orders: number; revenue_usd: string }[];
  by_status: Record<string, number>;
  by_gateway: { gateway: string; orders: number; revenue_usd: string }[];
  recent_invoices: InvoiceListItem[];
};

export function useShopOverview(shopId: string, days: number) {
  return useQuery({
    queryKey: queryKeys.stats(shopId).overview(days),
    queryFn: () => apiFetch<ShopOverview>(`/v1/shops/${shopId}/stats`, { query: { days } }),
  });
}
