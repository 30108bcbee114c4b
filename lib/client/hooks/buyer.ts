"use client";
import { useQuery } from "@tanstack/react-query";
import type { BuyerInvoiceView } from "../../checkout/schemas";
import { apiFetch } from "../api";
import { queryKeys } from "../query-keys";

/** How often the buyer's page asks again while the invoice waits for payment or delivery. */
const LIVE_INTERVAL_MS = 4_000;

/** The buyer's invoice, live: polled while it is pending or an item still waits for delivery. */
export function useBuyerInvoice(uniqueId: string) {
  return useQuery({
    queryKey: queryKeys.buyerInvoice(uniqueId),
    queryFn: () => apiFetch<BuyerInvoiceView>(`/v1/buyer/invoices/${encodeURIComponent(uniqueId)}`),
    refetchInterval: (query) => {
      const invoice = query.state.data;
      if (!invoice) return false;
      const waiting =
        invoice.status === "pending" || (invoice.status === "completed" && invoice.items.some((item) => item.status === "pending"));
      return waiting ? LIVE_INTERVAL_MS : false;
    },
  });
}
