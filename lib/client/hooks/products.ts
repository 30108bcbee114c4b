"use client";
import type { ProductVariantView, ProductView, UnsoldSerialsView } from "../../catalog/schemas";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { BulkUpdateField, listProductsQuery, ProductInput, SortProductsInput, StockInput } from "../../catalog/schemas";
import { apiFetch } from "../api";
import { queryKeys } from "../query-keys";
import type { UrlFilters } from "../use-url-state";
import type { Envelope } from "./invoices";

export type DeliverablesType = ProductView["deliverables_type"];

export type Variant = ProductVariantView;

export type Product = ProductView;

export type ProductFilters = UrlFilters<typeof listProductsQuery.in>;
export type UnsoldSerials = UnsoldSerialsView;

/** What a product picker needs of a product: its name and its variants. */
export type ProductOption = Pick<ProductView, "id" | "name"> & { variants: Pick<ProductVariantView, "id" | "name" | "price">[] };

/** Pickers list every live product; a shop with more than this many needs a search picker instead. */
const MAX_OPTION_PAGES = 10;

const productsPath = (shopId: string) => `/v1/shops/${shopId}/products`;

export function useProducts(shopId: string, filters: ProductFilters) {
  return useQuery({
    queryKey: queryKeys.products(shopId).list(filters),
    queryFn: () => apiFetch<Envelope<Product>>(productsPath(shopId), { query: filters }),
    placeholderData: keepPreviousData,
  });
}

/** The shop's products by name with their variants, for every picker: groups, deals, offers, coupons, subscription filters. */
export function useProductOptions(shopId: string) {
  return useQuery({
    queryKey: queryKeys.products(shopId).options(),
    staleTime: 60_000,
    queryFn: async () => {
      const options: ProductOption[] = [];
      for (let page = 1; page <= MAX_OPTION_PAGES; page++) {
        const envelope = await apiFetch<Envelope<Product>>(productsPath(shopId), {
          query: { page, perPage: 100, orderColumn: "name", orderDirection: "asc" },
        });
        options.push(
          ...envelope.data.map(({ id, name, variants }) => ({
            id,
            name,
            variants: variants.map(({ id, name, price }) => ({ id, name, price })),
          })),
        );
        if (page >= envelope.last_page) break;
      }
      return options;
    },
  });
}

export function useProduct(shopId: string, productId: string) {
  return useQuery({
    queryKey: queryKeys.products(shopId).detail(productId),
    queryFn: () => apiFetch<Product>(`${productsPath(shopId)}/${productId}`),
  });
}

/** Creates (no productId) or updates a product; the answer becomes the cached product and lists refetch. */
export function useSaveProduct(shopId: string, productId?: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ProductInput) =>
      productId
        ? apiFetch<Product>(`${productsPath(shopId)}/${productId}/update`, { method: "PUT", body: input })
        : apiFetch<Product>(productsPath(shopId), { method: "POST", body: input }),
    onSuccess: (product) => {
      const keys = queryKeys.products(shopId);
      client.setQueryData(keys.detail(product.id), product);
      void client.invalidateQueries({ queryKey: keys.lists() });
      void client.invalidateQueries({ queryKey: keys.options() });
      void client.invalidateQueries({ queryKey: queryKeys.groups(shopId).all });
    },
  });
}

export function useDeleteProduct(shopId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (productId: number) => apiFetch<{ message: string }>(`${productsPath(shopId)}/${productId}`, { method: "DELETE" }),
    onSuccess: (_answer, productId) => {
      const keys = queryKeys.products(shopId);
      // Gone from every cached list at once, so the row leaves before the refetch answers.
      client.setQueriesData<Envelope<Product>>({ queryKey: keys.lists() }, (list) =>
        list ? { ...list, data: list.data.filter((product) => product.id !== productId) } : list,
      );
      // The product's own query is only marked stale: refetched now it would answer 404 while its page navigates away.
      void client.invalidateQueries({ queryKey: keys.detail(productId), refetchType: "none" });
      void client.invalidateQueries({ queryKey: keys.lists() });
      void client.invalidateQueries({ queryKey: keys.options() });
      void client.invalidateQueries({ queryKey: queryKeys.groups(shopId).all });
    },
  });
}

export function useUnsoldSerials(shopId: string, productId: string, variantId: number) {
  return useQuery({
    queryKey: queryKeys.products(shopId).serials(productId, variantId),
    queryFn: () => apiFetch<UnsoldSerials>(`${productsPath(shopId)}/${productId}/deliverables/${variantId}`),
  });
}

/** A stock change refetches the product with its serials (counts come from the API) and the lists that show stock. */
function useStockMutation<I, O>(shopId: string, productId: string, request: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => {
      const keys = queryKeys.products(shopId);
      void client.invalidateQueries({ queryKey: keys.detail(productId) });
      void client.invalidateQueries({ queryKey: keys.lists() });
    },
  });
}

export function useAppendSerials(shopId: string, productId: string, variantId: number) {
  return useStockMutation(shopId, productId, (deliverables: string[]) =>
    apiFetch<{ added: number; duplicates: number }>(`${productsPath(shopId)}/${productId}/deliverables/append/${variantId}`, {
      method: "PUT",
      body: { deliverables },
    }),
  );
}

export function useRemoveSerials(shopId: string, productId: string, variantId: number) {
  return useStockMutation(shopId, productId, (deliverables: string[]) =>
    apiFetch<{ removed: number; not_found: number }>(`${productsPath(shopId)}/${productId}/deliverables/remove/${variantId}`, {
      method: "PUT",
      body: { deliverables },
    }),
  );
}

export function useSetServiceStock(shopId: string, productId: string, variantId: number) {
  return useStockMutation(shopId, productId, (input: StockInput) =>
    apiFetch<Variant>(`${productsPath(shopId)}/${productId}/stock/${variantId}`, { method: "PUT", body: input }),
  );
}

/** PUT .../products/bulk-update/{field}: one setting of the ticked products; the lists and details are read again. */
export function useBulkUpdateProducts(shopId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ field, body }: { field: BulkUpdateField; body: Record<string, unknown> }) =>
      apiFetch<{ message: string; updated: number }>(`${productsPath(shopId)}/bulk-update/${field}`, { method: "PUT", body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.products(shopId).all }),
  });
}

/**
 * Every live product in the storefront's order (`sort_priority`, then id, as
 * PUT .../products/sort sets it): what the reorder mode arranges. One
 * `all=true` page (the API caps it at 2,000 products).
 */
export function useProductsInStoreOrder(shopId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.products(shopId).list({ all: "true", order: "store" }),
    enabled,
    queryFn: async () => {
      const envelope = await apiFetch<Envelope<Product>>(productsPath(shopId), { query: { all: "true" } });
      return [...envelope.data].sort((a, b) => a.sort_priority - b.sort_priority || a.id - b.id);
    },
  });
}

/** PUT .../products/sort: the products in their new order; every product query is read again. */
export function useSortProducts(shopId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SortProductsInput) =>
      apiFetch<{ message: string; updated: number }>(`${productsPath(shopId)}/sort`, { method: "PUT", body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.products(shopId).all }),
  });
}
