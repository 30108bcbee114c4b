"use client";
import { useQuery } from "@tanstack/react-query";
import type { AnalyticsGraphView, AnalyticsSummaryView, TopCustomersView, TopProductsView } from "../../analytics/schemas";
import { apiFetch } from "../api";
import { queryKeys } from "../query-keys";

/** What the home page asks for: `start` and optional `end` as the API takes them (ISO date or date-time). */
export type AnalyticsRangeQuery = { start: string; end?: string };

const REPORTS = {
  summary: "",
  graph: "/graph",
  "top-products": "/top-products",
  "top-customers": "/top-customers",
} as const;
type Report = keyof typeof REPORTS;

function useReport<T>(shopId: string, report: Report, range: AnalyticsRangeQuery, enabled = true) {
  return useQuery({
    queryKey: queryKeys.analytics(shopId).list({ report, ...range }),
    queryFn: () => apiFetch<T>(`/v1/shops/${shopId}/analytics${REPORTS[report]}`, { query: range }),
    enabled,
  });
}

export const useAnalyticsSummary = (shopId: string, range: AnalyticsRangeQuery) =>
  useReport<AnalyticsSummaryView>(shopId, "summary", range);
export const useAnalyticsGraph = (shopId: string, range: AnalyticsRangeQuery) => useReport<AnalyticsGraphView>(shopId, "graph", range);
export const useTopProducts = (shopId: string, range: AnalyticsRangeQuery) => useReport<TopProductsView>(shopId, "top-products", range);
/** Needs `customers:read`: a member without it gets a 403, shown in place of the list. */
export const useTopCustomers = (shopId: string, range: AnalyticsRangeQuery) => useReport<TopCustomersView>(shopId, "top-customers", range);
