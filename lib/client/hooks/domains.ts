"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreateDomainInput, DomainView } from "../../domains/schemas";
import { apiFetch } from "../api";
import { queryKeys } from "../query-keys";

const domainsPath = (shopId: string) => `/v1/shops/${shopId}/domains`;

/** The shop's custom domains; refetched every few seconds while one is pending, so a verification shows without a reload. */
export function useDomains(shopId: string) {
  return useQuery({
    queryKey: queryKeys.domains(shopId),
    queryFn: () => apiFetch<{ data: DomainView[] }>(domainsPath(shopId)),
    refetchInterval: (query) => (query.state.data?.data.some((domain) => domain.status === "pending") ? 15_000 : false),
  });
}

function useDomainsChange<T, R>(shopId: string, mutationFn: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => client.invalidateQueries({ queryKey: queryKeys.domains(shopId) }) });
}

export function useAddDomain(shopId: string) {
  return useDomainsChange(shopId, (input: CreateDomainInput) => apiFetch<DomainView>(domainsPath(shopId), { method: "POST", body: input }));
}

export function useDeleteDomain(shopId: string) {
  return useDomainsChange(shopId, (id: number) => apiFetch<{ message: string }>(`${domainsPath(shopId)}/${id}`, { method: "DELETE" }));
}

export function useVerifyDomain(shopId: string) {
  return useDomainsChange(shopId, (id: number) => apiFetch<DomainView>(`${domainsPath(shopId)}/${id}/verify`, { method: "POST" }));
}
