"use client";
import type {
  ApplicationPendingView,
  ApplicationView,
  LedgerEntryView,
  NextTierView,
  PortalProfileView,
  ResellerBalanceView,
  ResellerCatalogProductView,
  ResellerCatalogVariantView,
  ResellerInvoiceListItemView,
  ResellerInvoiceView,
  RotatedApiKeyView,
  RotatedDynamicTokenView,
  RotatedSigningSecretView,
  TestDeliveryView,
  TierSummaryView,
} from "../../reseller/schemas";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ApplyInput, CreateResellerInvoiceInput, TestDeliveryInput } from "../../reseller/schemas";
import { apiFetch } from "../api";
import { queryKeys } from "../query-keys";
import type { Envelope } from "./invoices";

/** The reseller portal's data: /v1/reseller through the portal session cookie. */

export type PortalProfile = PortalProfileView;

export type CatalogVariant = ResellerCatalogVariantView;
export type CatalogProduct = ResellerCatalogProductView;

export type TierSummary = TierSummaryView;
export type NextTier = NextTierView;
export type ResellerBalance = ResellerBalanceView;

export type LedgerEntry = LedgerEntryView;

export type ResellerInvoiceListItem = ResellerInvoiceListItemView;

export type ResellerInvoiceItem = ResellerInvoiceView["items"][number];
export type ResellerInvoice = ResellerInvoiceView;

export type TestDeliveryResult = TestDeliveryView;
export type ApplyResult = ApplicationView | ApplicationPendingView;

const keys = queryKeys.portal;

/** How often an invoice with undelivered items is read again. */
const PENDING_REFRESH_MS = 4_000;

export function usePortalProfile() {
  return useQuery({ queryKey: keys.profile(), queryFn: () => apiFetch<PortalProfile>("/v1/reseller/me"), retry: false });
}

export function useResellerLogout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<unknown>("/v1/reseller/auth/logout", { method: "POST" }),
    onSuccess: () => client.removeQueries({ queryKey: keys.all }),
  });
}

export function useApplyToResell() {
  return useMutation({ mutationFn: (input: ApplyInput) => apiFetch<ApplyResult>("/v1/reseller/apply", { method: "POST", body: input }) });
}

/** The e-mailed link of an application from an address without a proven account. */
export function useConfirmApplication() {
  return useMutation({
    mutationFn: (token: string) => apiFetch<ApplicationView>("/v1/reseller/apply/confirm", { method: "POST", body: { token } }),
  });
}

export function useCatalog(page = 1, perPage = 20) {
  return useQuery({
    queryKey: keys.catalog.list({ page, perPage }),
    queryFn: () => apiFetch<Envelope<CatalogProduct>>("/v1/reseller/products", { query: { page, perPage } }),
    placeholderData: keepPreviousData,
  });
}

export function useResellerBalance() {
  return useQuery({ queryKey: keys.balance(), queryFn: () => apiFetch<ResellerBalance>("/v1/reseller/balance") });
}

export function useLedger(page: number) {
  return useQuery({
    queryKey: keys.ledger.list({ page }),
    queryFn: () => apiFetch<Envelope<LedgerEntry>>("/v1/reseller/ledger", { query: { page } }),
    placeholderData: keepPreviousData,
  });
}

export function useResellerInvoices(page: number) {
  return useQuery({
    queryKey: keys.orders.list({ page }),
    queryFn: () => apiFetch<Envelope<ResellerInvoiceListItem>>("/v1/reseller/invoices", { query: { page } }),
    placeholderData: keepPreviousData,
  });
}

/** One invoice; read again every few seconds while an item waits for its delivery. */
export function useResellerInvoice(id: string) {
  return useQuery({
    queryKey: keys.orders.detail(id),
    queryFn: () => apiFetch<ResellerInvoice>(`/v1/reseller/invoices/${encodeURIComponent(id)}`),
    refetchInterval: (query) => (query.state.data?.items.some((item) => item.status === "pending") ? PENDING_REFRESH_MS : false),
  });
}

/** What changes when money moves: balance, ledger, invoices and stock in the catalog. */
function invalidateMoney(client: ReturnType<typeof useQueryClient>) {
  for (const key of [keys.balance(), keys.ledger.lists(), keys.orders.lists(), keys.catalog.lists()]) {
    void client.invalidateQueries({ queryKey: key });
  }
}

/**
 * A purchase. `idempotencyKey` belongs to one attempt (the caller keeps it
 * while retrying that attempt), so a double click or a retry after a lost
 * answer is answered from the first charge instead of charging again.
 */
export function useBuy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: CreateResellerInvoiceInput; idempotencyKey: string }) =>
      apiFetch<ResellerInvoice>("/v1/reseller/invoices", { method: "POST", body: input, headers: { "Idempotency-Key": idempotencyKey } }),
    onSuccess: (invoice) => {
      client.setQueryData(keys.orders.detail(invoice.id), invoice);
      invalidateMoney(client);
    },
  });
}

export function useTestDelivery() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TestDeliveryInput) => apiFetch<TestDeliveryResult>("/v1/reseller/test-delivery", { method: "POST", body: input }),
    onSuccess: () => invalidateMoney(client),
  });
}

type Credential = "api-key" | "signing-secret" | "dynamic-token";
type Rotated = { "api-key": RotatedApiKeyView; "signing-secret": RotatedSigningSecretView; "dynamic-token": RotatedDynamicTokenView };

/** Rotates one credential; the new value is in this answer only. The profile and catalog (dynamic URLs) refetch. */
export function useRotateCredential<C extends Credential>(credential: C) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<Rotated[C]>(`/v1/reseller/${credential}/rotate`, { method: "POST" }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: keys.profile() });
      void client.invalidateQueries({ queryKey: keys.catalog.lists() });
    },
  });
}
