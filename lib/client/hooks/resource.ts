"use client";
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryKey } from "@tanstack/react-query";
import { apiFetch } from "../api";
import type { queryKeysFactory } from "../query-keys";

type Keys = ReturnType<typeof queryKeysFactory<readonly unknown[]>>;

/**
 * The list / detail / save / delete hooks of one shop resource over its key
 * factory (`queryKeys.<resource>`), as the Medusa admin builds them: the list
 * keeps its previous page while the next loads, and any change refetches the
 * resource (`all`: lists and details) and the resources named in `refreshes`,
 * those whose rows show this one (a group's products, a field's products).
 * An area whose actions go beyond these adds its own hooks beside them.
 *
 * `List` is the list's answer: `Item[]`, or `Envelope<Item>` for a paged one.
 */
export function shopResource<Item, Input, List = Item[], Filters extends object = Record<string, string | undefined>>({
  path,
  keys,
  refreshes = [],
  updatePath = (id) => String(id),
}: {
  /** Under `/v1/shops/{shopId}/`, e.g. "custom-fields". */
  path: string;
  keys: (shopId: string) => Keys;
  refreshes?: ((shopId: string) => { all: QueryKey })[];
  /** The update's path under the resource's, when it is not `{id}` (coupons: `{id}/update`). */
  updatePath?: (id: number) => string;
}) {
  const base = (shopId: string) => `/v1/shops/${shopId}/${path}`;

  function useChange<I, O>(shopId: string, request: (input: I) => Promise<O>) {
    const client = useQueryClient();
    return useMutation({
      mutationFn: request,
      onSuccess: () => {
        for (const resource of [keys, ...refreshes]) void client.invalidateQueries({ queryKey: resource(shopId).all });
      },
    });
  }

  return {
    useList: (shopId: string, filters?: Filters) =>
      useQuery({
        queryKey: keys(shopId).list(filters),
        queryFn: () => apiFetch<List>(base(shopId), { query: filters as Record<string, unknown> | undefined }),
        placeholderData: keepPreviousData,
      }),
    useDetail: (shopId: string, id: string) =>
      useQuery({ queryKey: keys(shopId).detail(id), queryFn: () => apiFetch<Item>(`${base(shopId)}/${id}`) }),
    /** Creates (no id) or updates (with id). */
    useSave: (shopId: string) =>
      useChange(shopId, ({ id, input }: { id?: number; input: Input }) =>
        id === undefined
          ? apiFetch<Item>(base(shopId), { method: "POST", body: input })
          : apiFetch<Item>(`${base(shopId)}/${updatePath(id)}`, { method: "PUT", body: input }),
      ),
    useDelete: (shopId: string) =>
      useChange(shopId, (id: number) => apiFetch<{ message: string }>(`${base(shopId)}/${id}`, { method: "DELETE" })),
    /** Any other change of the resource (activate, rotate, ...): the same refetches follow it. */
    useChange,
  };
}
