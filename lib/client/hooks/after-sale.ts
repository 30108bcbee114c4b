"use client";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { DisputeFeedbackInput, FeedbackView, listFeedbacksQuery, ReplyFeedbackInput } from "../../feedback/schemas";
import type { listTicketsQuery, TicketMessageInput, TicketSummaryView, TicketView } from "../../tickets/schemas";
import { apiFetch } from "../api";
import { queryKeys } from "../query-keys";
import type { UrlFilters } from "../use-url-state";
import type { Envelope } from "./invoices";

export type FeedbackFilters = UrlFilters<typeof listFeedbacksQuery.in>;
export type TicketFilters = UrlFilters<typeof listTicketsQuery.in>;

export function useFeedbacks(shopId: string, filters: FeedbackFilters) {
  return useQuery({
    queryKey: queryKeys.feedbacks(shopId).list(filters),
    queryFn: () => apiFetch<Envelope<FeedbackView>>(`/v1/shops/${shopId}/feedbacks`, { query: filters }),
    placeholderData: keepPreviousData,
  });
}

/** Reply to or dispute a feedback; the lists refetch. */
export function useFeedbackAction(shopId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      action,
      input,
    }: { id: number } & ({ action: "reply"; input: ReplyFeedbackInput } | { action: "dispute"; input: DisputeFeedbackInput })) =>
      apiFetch<FeedbackView>(`/v1/shops/${shopId}/feedbacks/${id}/${action}`, { method: "POST", body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.feedbacks(shopId).lists() }),
  });
}

export function useTickets(shopId: string, filters: TicketFilters) {
  return useQuery({
    queryKey: queryKeys.tickets(shopId).list(filters),
    queryFn: () => apiFetch<Envelope<TicketSummaryView>>(`/v1/shops/${shopId}/tickets`, { query: filters }),
    placeholderData: keepPreviousData,
  });
}

export function useTicket(shopId: string, ticketId: string) {
  return useQuery({
    queryKey: queryKeys.tickets(shopId).detail(ticketId),
    queryFn: () => apiFetch<TicketView>(`/v1/shops/${shopId}/tickets/${ticketId}`),
  });
}

/** Every change of one ticket answers the ticket: it replaces the detail, and the lists refetch. */
function useTicketChange<Input>(shopId: string, ticketId: string, send: (input: Input) => Promise<TicketView>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (ticket) => {
      client.setQueryData(queryKeys.tickets(shopId).detail(ticketId), ticket);
      return client.invalidateQueries({ queryKey: queryKeys.tickets(shopId).lists() });
    },
  });
}

export function useTicketAction(shopId: string, ticketId: string) {
  return useTicketChange(shopId, ticketId, (action: "close" | "reopen" | "archive" | "unarchive") =>
    apiFetch<TicketView>(`/v1/shops/${shopId}/tickets/${ticketId}/${action}`, { method: "POST" }),
  );
}

export function useTicketReply(shopId: string, ticketId: string) {
  return useTicketChange(shopId, ticketId, (input: TicketMessageInput) =>
    apiFetch<TicketView>(`/v1/shops/${shopId}/tickets/${ticketId}/messages`, { method: "POST", body: input }),
  );
}

export function useDeleteTicketMessage(shopId: string, ticketId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (messageId: number) =>
      apiFetch<{ message: string }>(`/v1/shops/${shopId}/tickets/${ticketId}/messages/${messageId}`, { method: "DELETE" }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.tickets(shopId).detail(ticketId) }),
  });
}
