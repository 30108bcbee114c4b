"use client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { BalanceChangeInput, BalanceEntryPage, BulkBanResult, CustomerView, listCustomersQuery } from "../../customers/schemas";
import { apiFetch } from "../api";
import { queryKeys } from "../query-keys";
import type { UrlFilters } from "../use-url-state";
import type { Envelope } from "./invoices";
import { shopResource } from "./resource";

export type Customer = CustomerView;
export type CustomerFilters = UrlFilters<typeof listCustomersQuery.in>;

/** Any change refetches the lists and the records. */
const customers = shopResource<Customer, never, Envelope<Customer>, CustomerFilters>({
  path: "customers",
  keys: queryKeys.customers,
});

export const useCustomers = customers.useList;
export const useCustomer = customers.useDetail;

/** Ban or unban one customer. */
export function useSetBanned(shopId: string) {
  return customers.useChange(shopId, ({ id, banned }: { id: number; banned: boolean }) =>
    apiFetch<Customer>(`/v1/shops/${shopId}/customers/${id}`, { method: "PUT", body: { banned } }),
  );
}

export function useBulkBan(shopId: string) {
  return customers.useChange(shopId, ({ ids, banned }: { ids: number[]; banned: boolean }) =>
    apiFetch<BulkBanResult>(`/v1/shops/${shopId}/customers/bulk-update/ban`, { method: "PUT", body: { ids, banned } }),
  );
}

/** Credit (positive) or debit (negative) a customer's store credit; answers the customer. */
export function useChangeBalance(shopId: string) {
  return customers.useChange(shopId, ({ id, body }: { id: number; body: BalanceChangeInput }) =>
    apiFetch<Customer>(`/v1/shops/${shopId}/customers/${id}/balance`, { method: "POST", body }),
  );
}

/** One page of a customer's store-credit ledger, newest first. */
export function useBalanceEntries(shopId: string, customerId: string, page: number) {
  return useQuery({
    queryKey: queryKeys.customers(shopId).balance(customerId, page),
    queryFn: () => apiFetch<BalanceEntryPage>(`/v1/shops/${shopId}/customers/${customerId}/balance`, { query: { page } }),
    placeholderData: keepPreviousData,
  });
}
