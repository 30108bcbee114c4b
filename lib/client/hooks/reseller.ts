"use client";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ApplyInput, CreateResellerInvoiceInput, ResellerLoginInput, TestDeliveryInput } from "../../reseller/schemas";
import { apiFetch } from "../api";
import { queryKeys } from "../query-keys";
import type { Envelope } from "./invoices";

/** The reseller portal's data: /v1/reseller through the portal session cookie. */

export type PortalProfile = {
  user: { id: number; email: string; name: string };
  reseller: {
    id: number;
    status: string;
    shop: { id: number; name: string };
    api_key_prefix: string | null;
    dynamic_token: string;
    approved_at: string | null;
    created_at: string;
  };
};

export type CatalogVariant = {
  id: number;
  name: string;
  price: number;
  reseller_price: number;
  discount_percentage: number;
  /** -1: unlimited */
  stock: number;
  deliverables_type: string;
  dynamic_url: string;
};
export type CatalogProduct = { id: number; name: string; currency: string; variants: CatalogVariant[] };

export type TierSummary = { name: string; discount_percentage: number; image_url: string | null };
export type NextTier = TierSummary & { min_spent_usd: string; min_sales_count: number };
export type ResellerBalance = {
  balance: number;
  currency: string;
  tier: TierSummary | null;
  total_spent_usd: number;
  total_orders: number;
  next_tier: NextTier | null;
};

export type LedgerEntry = {
  id: number;
  kind: "credit" | "charge" | "adjustment" | "refund";
  amount_usd: number;
  balance_after: number;
  reason: string;
  invoice: { id: number; unique_id: string } | null;
  created_at: string;
};

export type ResellerInvoiceListItem = {
  id: number;
  status: string;
  price_usd: string;
  reseller_source: number;
  completed_at: string | null;
  created_at: string;
};

export type ResellerInvoiceItem = {
  product_id: number;
  product_name: string;
  variant_id: number;
  variant_name: string;
  quantity: number;
  status: string;
  total_price_usd: number;
  reseller_discount: number;
  delivered: string[];
};
export type ResellerInvoice = {
  id: number;
  unique_id: string;
  status: string;
  total_usd: number;
  source: string;
  created_at: string;
  completed_at: string | null;
  items: ResellerInvoiceItem[];
};

export type TestDeliveryResult = { url: string; status: number | null; body: string };
export type ApplyResult = { message: string; reseller: { id: number; status: string; shop: { id: number; name: string } } };

const keys = queryKeys.portal;

/** How often an invoice with undelivered items is read again. */
const PENDING_REFRESH_MS = 4_000;

export function usePortalProfile() {
  return useQuery({ queryKey: keys.profile(), queryFn: () => apiFetch<PortalProfile>("/v1/reseller/me"), retry: false });
}

export function useResellerLogin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ResellerLoginInput) => apiFetch<PortalProfile>("/v1/reseller/auth/login", { method: "POST", body: input }),
    onSuccess: (profile) => {
      client.removeQueries({ queryKey: keys.all });
      client.setQueryData(keys.profile(), profile);
    },
  });
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
type Rotated = { "api-key": { api_key: string }; "signing-secret": { signing_secret: string }; "dynamic-token": { dynamic_token: string } };

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
