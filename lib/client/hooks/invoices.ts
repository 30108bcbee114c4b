"use client";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../api";
import type { InvoiceFilters } from "../invoice-filters";
import { queryKeys } from "../query-keys";

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

/** The list and its filters (the URL's text, lib/client/invoice-filters.ts); the one-gateway picker becomes `gateways`. */
export function useInvoices(shopId: string, filters: InvoiceFilters) {
  const { gateway, ...query } = filters;
  return useQuery({
    queryKey: queryKeys.invoices(shopId).list(filters),
    queryFn: () =>
      apiFetch<Envelope<InvoiceListItem>>(`/v1/shops/${shopId}/invoices`, {
        query: { ...query, gateways: gateway ? { [gateway]: true } : undefined },
      }),
    placeholderData: keepPreviousData,
  });
}

/** One invoice by its id or unique_id, as the page's URL names it. */
export function useInvoice(shopId: string, invoiceId: string) {
  return useQuery({
    queryKey: queryKeys.invoices(shopId).detail(invoiceId),
    queryFn: () => apiFetch<Invoice>(`/v1/shops/${shopId}/invoices/${invoiceId}`),
  });
}

export type InvoiceAction = { action: string; method?: "POST" | "PUT"; body?: unknown };

/**
 * Runs an invoice action. Its answer (the updated invoice) replaces the
 * cached invoice under both names a page may use for it; the lists refetch,
 * and so do the other views of the same records: abandoned checkouts
 * (pending invoices), the overview and the notifications (completing
 * notifies).
 */
export function useInvoiceAction(shopId: string, invoiceId: number) {
  const client = useQueryClient();
  const keys = queryKeys.invoices(shopId);
  return useMutation({
    mutationFn: ({ action, method = "POST", body }: InvoiceAction) =>
      apiFetch<Invoice>(`/v1/shops/${shopId}/invoices/${invoiceId}/${action}`, { method, body }),
    onSuccess: (invoice) => {
      client.setQueryData(keys.detail(invoice.id), invoice);
      client.setQueryData(keys.detail(invoice.unique_id), invoice);
      for (const key of [keys.lists(), queryKeys.checkouts(shopId).all, queryKeys.stats(shopId).all, queryKeys.notifications(shopId).all])
        void client.invalidateQueries({ queryKey: key });
    },
  });
}
