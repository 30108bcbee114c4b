"use client";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { BulkBanResult, CustomerView, listCustomersQuery } from "../../customers/schemas";
import { apiFetch } from "../api";
import { queryKeys } from "../query-keys";
import type { UrlFilters } from "../use-url-state";
import type { Envelope } from "./invoices";

export type Customer = CustomerView;
export type CustomerFilters = UrlFilters<typeof listCustomersQuery.in>;

export function useCustomers(shopId: string, filters: CustomerFilters) {
  return useQuery({
    queryKey: queryKeys.customers(shopId).list(filters),
    queryFn: () => apiFetch<Envelope<Customer>>(`/v1/shops/${shopId}/customers`, { query: filters }),
    placeholderData: keepPreviousData,
  });
}

export function useCustomer(shopId: string, customerId: string) {
  return useQuery({
    queryKey: queryKeys.customers(shopId).detail(customerId),
    queryFn: () => apiFetch<Customer>(`/v1/shops/${shopId}/customers/${customerId}`),
  });
}

/** Ban or unban one customer; the lists and the record refetch. */
export function useSetBanned(shopId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, banned }: { id: number; banned: boolean }) =>
      apiFetch<Customer>(`/v1/shops/${shopId}/customers/${id}`, { method: "PUT", body: { banned } }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.customers(shopId).all }),
  });
}

export function useBulkBan(shopId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, banned }: { ids: number[]; banned: boolean }) =>
      apiFetch<BulkBanResult>(`/v1/shops/${shopId}/customers/bulk-update/ban`, { method: "PUT", body: { ids, banned } }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.customers(shopId).all }),
  });
}

export function useCreateCustomer(shopId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { email: string }) => apiFetch<Customer>(`/v1/shops/${shopId}/customers`, { method: "POST", body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.customers(shopId).lists() }),
  });
}
