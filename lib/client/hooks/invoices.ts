"use client";
import type { ResellerPage } from "../../api/schemas";
import type { InvoiceItemView, InvoiceListItemView, InvoiceView } from "../../invoices/schemas";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../api";
import type { InvoiceFilters } from "../invoice-filters";
import { queryKeys } from "../query-keys";

/** A page of a list; the fields the dashboard reads are those both envelopes share. */
export type Envelope<T> = ResellerPage<T>;

export type InvoiceListItem = InvoiceListItemView;

export type InvoiceItem = InvoiceItemView;

export type Invoice = InvoiceView;

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
      // a refund to store credit (and its unrefund) moves a customer's balance
      const moved = [queryKeys.customers(shopId).all];
      for (const key of [
        keys.lists(),
        queryKeys.checkouts(shopId).all,
        queryKeys.stats(shopId).all,
        queryKeys.notifications(shopId).all,
        ...moved,
      ])
        void client.invalidateQueries({ queryKey: key });
    },
  });
}
