"use client";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  BlacklistEntryView,
  BlacklistTestResult,
  CreateBlacklistEntryInput,
  listBlacklistQuery,
  TestBlacklistInput,
  UpdateBlacklistEntryInput,
} from "../../blacklist/schemas";
import { apiFetch } from "../api";
import { queryKeys } from "../query-keys";
import type { UrlFilters } from "../use-url-state";
import type { Envelope } from "./invoices";

export type BlacklistEntry = BlacklistEntryView;
export type BlacklistFilters = UrlFilters<typeof listBlacklistQuery.in>;

export function useBlacklist(shopId: string, filters: BlacklistFilters) {
  return useQuery({
    queryKey: queryKeys.blacklist(shopId).list(filters),
    queryFn: () => apiFetch<Envelope<BlacklistEntry>>(`/v1/shops/${shopId}/blacklist`, { query: filters }),
    placeholderData: keepPreviousData,
  });
}

/** Create (no id) or partial update (with id); the lists refetch. */
export function useSaveBlacklistEntry(shopId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: CreateBlacklistEntryInput | UpdateBlacklistEntryInput }) =>
      id === undefined
        ? apiFetch<BlacklistEntry>(`/v1/shops/${shopId}/blacklist`, { method: "POST", body: input })
        : apiFetch<BlacklistEntry>(`/v1/shops/${shopId}/blacklist/${id}/update`, { method: "PUT", body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.blacklist(shopId).lists() }),
  });
}

export function useDeleteBlacklistEntry(shopId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<{ message: string }>(`/v1/shops/${shopId}/blacklist/${id}`, { method: "DELETE" }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.blacklist(shopId).lists() }),
  });
}

export function useTestBlacklist(shopId: string) {
  return useMutation({
    mutationFn: (input: TestBlacklistInput) =>
      apiFetch<BlacklistTestResult>(`/v1/shops/${shopId}/blacklist/test`, { method: "POST", body: input }),
  });
}
