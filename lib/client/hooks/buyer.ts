"use client";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
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

/** Asks for the buyer's invoice now (a crypto quote lapsed: the answer carries a new one). */
export function useRefreshBuyerInvoice(uniqueId: string) {
  const client = useQueryClient();
  return useCallback(() => client.invalidateQueries({ queryKey: queryKeys.buyerInvoice(uniqueId) }), [client, uniqueId]);
}

/**
 * The QR code of a payment URI as SVG markup, drawn in the browser by
 * `qrcode`, loaded only on a page that shows one. The markup is the
 * package's own rendering of our URI, never text from elsewhere.
 */
export function usePaymentQr(uri: string) {
  return useQuery({
    queryKey: queryKeys.paymentQr(uri),
    queryFn: async () => {
      const QRCode = (await import("qrcode")).default;
      return QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
    },
    staleTime: Infinity,
    gcTime: 60 * 60_000,
  });
}
