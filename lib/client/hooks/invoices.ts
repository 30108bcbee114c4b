"use client";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../api";

export type Envelope<T> = {
  current_page: number;
  data: T[];
  from: number | null;
  last_page: number;
  per_page: number;
  to: number | null;
  total: number;
};

export type InvoiceListItem = {
  id: number;
  unique_id: string;
  status: string;
  price: string;
  currency: string;
  gateway: string;
  email: string;
  manual: number;
  archived: number;
  created_at: string;
  completed_at: string | null;
  product: { id: number; name: string; stock_count: number } | null;
  variant: { id: number; name: string } | null;
};

export type InvoiceItem = {
  id: number;
  product_name: string;
  variant_name: string;
  quantity: number;
  status: string;
  unit_price: string;
  total_price: string;
  delivered: string[];
  dynamic_attempts: number;
  dynamic_last_error: string | null;
};

export type Invoice = InvoiceListItem & {
  price_usd: string;
  paid: string | null;
  paid_usd: string | null;
  amount: number;
  coupon_id: number | null;
  customer_id: number | null;
  ip: string | null;
  user_agent: string | null;
  dashboard_note: string | null;
  tracking_code: string | null;
  tracking_link: string | null;
  custom_fields: { id: number; name: string; pivot: { value?: string | null } & Record<string, unknown> }[];
  items: InvoiceItem[];
} & Record<string, unknown>;

/** The list filters as the dashboard keeps them (and as they appear in its URL). */
export type InvoiceFilters = {
  page?: number;
  statuses?: string[];
  email?: string;
  product_name?: string;
  coupon_code?: string;
  gateway?: string;
  created_at_start?: string;
  created_at_end?: string;
  completed_at_start?: string;
  completed_at_end?: string;
  archived?: string;
  manual?: string;
  orderColumn?: string;
  orderDirection?: "asc" | "desc";
};

export const invoiceKeys = {
  all: (shopId: string) => ["shops", shopId, "invoices"] as const,
  list: (shopId: string, filters: InvoiceFilters) => ["shops", shopId, "invoices", "list", filters] as const,
  one: (shopId: string, invoiceId: string) => ["shops", shopId, "invoices", "one", invoiceId] as const,
};

/** The dashboard picks days (UTC); an "until" day includes all of that day. */
const endOfDay = (day: string | undefined) => (day ? `${day}T23:59:59.999Z` : undefined);

export function useInvoices(shopId: string, filters: InvoiceFilters) {
  const { gateway, created_at_end, completed_at_end, ...rest } = filters;
  return useQuery({
    queryKey: invoiceKeys.list(shopId, filters),
    queryFn: () =>
      apiFetch<Envelope<InvoiceListItem>>(`/v1/shops/${shopId}/invoices`, {
        query: {
          ...rest,
          created_at_end: endOfDay(created_at_end),
          completed_at_end: endOfDay(completed_at_end),
          gateways: gateway ? { [gateway]: true } : undefined,
        },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useInvoice(shopId: string, invoiceId: string) {
  return useQuery({
    queryKey: invoiceKeys.one(shopId, invoiceId),
    queryFn: () => apiFetch<Invoice>(`/v1/shops/${shopId}/invoices/${invoiceId}`),
  });
}

export type InvoiceAction = { action: string; method?: "POST" | "PUT"; body?: unknown };

/** Runs an invoice action; its answer (the updated invoice) replaces the cached one and lists refetch. */
export function useInvoiceAction(shopId: string, invoiceId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, method = "POST", body }: InvoiceAction) =>
      apiFetch<Invoice>(`/v1/shops/${shopId}/invoices/${invoiceId}/${action}`, { method, body }),
    onSuccess: (invoice) => {
      client.setQueryData(invoiceKeys.one(shopId, invoiceId), invoice);
      void client.invalidateQueries({ queryKey: [...invoiceKeys.all(shopId), "list"] });
    },
  });
}
