"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { BuyerInvoiceView } from "../../checkout/schemas";
import type { BuyerFeedbackView, LeaveFeedbackInput } from "../../feedback/schemas";
import type { BuyerTicketView, OpenBuyerTicketInput, TicketAttachmentView, TicketMessageInput } from "../../tickets/schemas";
import { apiFetch, ApiRequestError } from "../api";
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

/** The buyer chooses how to pay an order made without a gateway; the answer is the invoice with its payment instructions. */
export function useChooseGateway(uniqueId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (gateway: string) =>
      apiFetch<BuyerInvoiceView>(`/v1/buyer/invoices/${encodeURIComponent(uniqueId)}/gateway`, { method: "POST", body: { gateway } }),
    onSuccess: (invoice) => client.setQueryData(queryKeys.buyerInvoice(uniqueId), invoice),
    // a refusal (chosen meanwhile in another tab, no longer pending) leaves the page to show the invoice as it is now
    onError: () => client.invalidateQueries({ queryKey: queryKeys.buyerInvoice(uniqueId) }),
  });
}

/** The buyer rates the order; the page then shows the feedback (and any coupon it earned). */
export function useLeaveFeedback(uniqueId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: LeaveFeedbackInput) =>
      apiFetch<BuyerFeedbackView>(`/v1/buyer/invoices/${encodeURIComponent(uniqueId)}/feedback`, { method: "POST", body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.buyerInvoice(uniqueId) }),
  });
}

/** The buyer opens a support ticket about the order; answered with the thread (its `url` is the signed page). */
export function useOpenTicket(uniqueId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: OpenBuyerTicketInput) =>
      apiFetch<BuyerTicketView>(`/v1/buyer/invoices/${encodeURIComponent(uniqueId)}/tickets`, { method: "POST", body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.buyerInvoice(uniqueId) }),
  });
}

/** A ticket's thread, by its signed token. */
export function useBuyerTicket(token: string) {
  return useQuery({
    queryKey: queryKeys.buyerTicket(token),
    queryFn: () => apiFetch<BuyerTicketView>(`/v1/buyer/tickets/${encodeURIComponent(token)}`),
  });
}

/** Uploads one image of the buyer's to the thread (multipart: apiFetch sends JSON). */
async function uploadAttachment(token: string, file: File): Promise<TicketAttachmentView> {
  const form = new FormData();
  form.append("image", file);
  const response = await fetch(`/v1/buyer/tickets/${encodeURIComponent(token)}/images`, {
    method: "POST",
    headers: { accept: "application/json" },
    body: form,
  });
  const body = (await response.json().catch(() => ({}))) as { message?: string };
  if (!response.ok) throw new ApiRequestError(response.status, `${file.name}: ${body.message ?? "the upload failed."}`);
  return body as TicketAttachmentView;
}

/** The buyer's answer on the thread, with the images chosen uploaded first. */
export function useBuyerReply(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ files, ...input }: TicketMessageInput & { files: File[] }) => {
      const images = await Promise.all(files.map((file) => uploadAttachment(token, file)));
      return apiFetch<BuyerTicketView>(`/v1/buyer/tickets/${encodeURIComponent(token)}/messages`, {
        method: "POST",
        body: { ...input, image_ids: images.map((image) => image.id) },
      });
    },
    onSuccess: (thread) => client.setQueryData(queryKeys.buyerTicket(token), thread),
  });
}
