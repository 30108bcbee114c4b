"use client";
import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "../api";
import type { Envelope } from "./invoices";

/** What a product picker needs of a product: its name and its variants. */
export type ProductOption = { id: number; name: string; variants: { id: number; name: string; price: string }[] };

type ProductRecord = { id: number; name: string; currency: string; variants: { id: number; name: string; price: string }[] };

/** Pickers list every live product; a shop with more than this many needs a search picker instead. */
const MAX_PAGES = 10;

/** The shop's products by name, for the pickers of deals, offers, coupons and subscription filters. */
export function useProductOptions(shopId: string) {
  return useQuery({
    queryKey: ["shops", shopId, "products", "options"],
    staleTime: 60_000,
    queryFn: async () => {
      const options: ProductOption[] = [];
      for (let page = 1; page <= MAX_PAGES; page++) {
        const envelope = await apiFetch<Envelope<ProductRecord>>(`/v1/shops/${shopId}/products`, {
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
