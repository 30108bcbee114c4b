"use client";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ProductInput, StockInput } from "../../catalog/schemas";
import { apiFetch } from "../api";
import { groupKeys } from "./groups";
import type { Envelope } from "./invoices";

export type DeliverablesType = "serials" | "service" | "dynamic";

export type Variant = {
  id: number;
  product_id: number;
  name: string;
  description: string;
  price: string;
  /** units in stock; null when never sold out (dynamic, uncounted service) */
  stock: number | null;
  dynamic_url: string | null;
};

export type Product = {
  id: number;
  name: string;
  price: string;
  currency: string;
  description: string;
  instructions: string;
  deliverables_type: DeliverablesType;
  type: "variant" | "addon";
  visibility: "public" | "unlisted" | "private" | "on_hold";
  group_id: number | null;
  /** -1 when never sold out */
  stock_count: number;
  image_url: string | null;
  variants: Variant[];
  custom_fields: { id: number; name: string }[];
};

export type ProductListQuery = { page?: number; name?: string };
export type UnsoldSerials = { variant_id: number; count: number; deliverables: string[] };

export const productKeys = {
  all: (shopId: string) => ["shops", shopId, "products"] as const,
  lists: (shopId: string) => ["shops", shopId, "products", "list"] as const,
  list: (shopId: string, query: ProductListQuery) => ["shops", shopId, "products", "list", query] as const,
  options: (shopId: string) => ["shops", shopId, "products", "options"] as const,
  one: (shopId: string, productId: string) => ["shops", shopId, "products", "one", productId] as const,
  serials: (shopId: string, productId: string, variantId: number) =>
    ["shops", shopId, "products", "one", productId, "serials", variantId] as const,
};

const productsPath = (shopId: string) => `/v1/shops/${shopId}/products`;

export function useProducts(shopId: string, query: ProductListQuery) {
  return useQuery({
    queryKey: productKeys.list(shopId, query),
    queryFn: () => apiFetch<Envelope<Product>>(productsPath(shopId), { query: { ...query, orderColumn: "id", orderDirection: "desc" } }),
    placeholderData: keepPreviousData,
  });
}

/** Every product of the shop (id and name), for pickers such as a group's members. */
export function useProductOptions(shopId: string) {
  return useQuery({
    queryKey: productKeys.options(shopId),
    queryFn: async () => {
      const options: { id: number; name: string }[] = [];
      for (let page = 1; ; page++) {
        const envelope = await apiFetch<Envelope<Product>>(productsPath(shopId), {
          query: { page, perPage: 100, orderColumn: "name", orderDirection: "asc" },
        });
        options.push(...envelope.data.map(({ id, name }) => ({ id, name })));
        if (page >= envelope.last_page) return options;
      }
    },
  });
}

export function useProduct(shopId: string, productId: string) {
  return useQuery({
    queryKey: productKeys.one(shopId, productId),
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
      client.setQueryData(productKeys.one(shopId, String(product.id)), product);
      void client.invalidateQueries({ queryKey: productKeys.all(shopId) });
      void client.invalidateQueries({ queryKey: groupKeys.all(shopId) });
    },
  });
}

export function useDeleteProduct(shopId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (productId: number) => apiFetch<{ message: string }>(`${productsPath(shopId)}/${productId}`, { method: "DELETE" }),
    onSuccess: (_answer, productId) => {
      // Gone from every cached list at once, so the row leaves before the refetch answers.
      client.setQueriesData<Envelope<Product>>({ queryKey: productKeys.lists(shopId) }, (list) =>
        list ? { ...list, data: list.data.filter((product) => product.id !== productId) } : list,
      );
      // The product's own query is only marked stale: refetched now it would answer 404 while its page navigates away.
      void client.invalidateQueries({ queryKey: productKeys.one(shopId, String(productId)), refetchType: "none" });
      void client.invalidateQueries({ queryKey: productKeys.lists(shopId) });
      void client.invalidateQueries({ queryKey: productKeys.options(shopId) });
      void client.invalidateQueries({ queryKey: groupKeys.all(shopId) });
    },
  });
}

export function useUnsoldSerials(shopId: string, productId: string, variantId: number) {
  return useQuery({
    queryKey: productKeys.serials(shopId, productId, variantId),
    queryFn: () => apiFetch<UnsoldSerials>(`${productsPath(shopId)}/${productId}/deliverables/${variantId}`),
  });
}

/** A stock change refetches the product (its counts come from the API) and its lists. */
function useStockMutation<I, O>(shopId: string, request: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => void client.invalidateQueries({ queryKey: productKeys.all(shopId) }),
  });
}

export function useAppendSerials(shopId: string, productId: string, variantId: number) {
  return useStockMutation(shopId, (deliverables: string[]) =>
    apiFetch<{ added: number; duplicates: number }>(`${productsPath(shopId)}/${productId}/deliverables/append/${variantId}`, {
      method: "PUT",
      body: { deliverables },
    }),
  );
}

export function useRemoveSerials(shopId: string, productId: string, variantId: number) {
  return useStockMutation(shopId, (deliverables: string[]) =>
    apiFetch<{ removed: number; not_found: number }>(`${productsPath(shopId)}/${productId}/deliverables/remove/${variantId}`, {
      method: "PUT",
      body: { deliverables },
    }),
  );
}

export function useSetServiceStock(shopId: string, productId: string, variantId: number) {
  return useStockMutation(shopId, (input: StockInput) =>
    apiFetch<Variant>(`${productsPath(shopId)}/${productId}/stock/${variantId}`, { method: "PUT", body: input }),
  );
}
