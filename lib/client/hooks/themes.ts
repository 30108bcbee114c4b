"use client";
import type { ThemeRecordView } from "../../themes/schemas";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreateThemeInput, UpdateThemeInput } from "../../themes/schemas";
import { apiFetch } from "../api";
import { queryKeys } from "../query-keys";

export type Theme = ThemeRecordView;

const themesPath = (shopId: string) => `/v1/shops/${shopId}/themes`;

export function useThemes(shopId: string) {
  return useQuery({ queryKey: queryKeys.themes(shopId).list(), queryFn: () => apiFetch<Theme[]>(themesPath(shopId)) });
}

export function useTheme(shopId: string, themeId: string) {
  return useQuery({
    queryKey: queryKeys.themes(shopId).detail(themeId),
    queryFn: () => apiFetch<Theme>(`${themesPath(shopId)}/${themeId}`),
  });
}

/** Any change to one theme can change the others' rows too (activating one deactivates the rest): refetch them all. */
function useThemeMutation<I, O>(shopId: string, request: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: request, onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.themes(shopId).all }) });
}

export function useCreateTheme(shopId: string) {
  return useThemeMutation(shopId, (input: CreateThemeInput) => apiFetch<Theme>(themesPath(shopId), { method: "POST", body: input }));
}

export function useUpdateTheme(shopId: string) {
  return useThemeMutation(shopId, ({ themeId, input }: { themeId: number; input: UpdateThemeInput }) =>
    apiFetch<Theme>(`${themesPath(shopId)}/${themeId}`, { method: "PUT", body: input }),
  );
}

export function useDeleteTheme(shopId: string) {
  return useThemeMutation(shopId, (themeId: number) =>
    apiFetch<{ message: string }>(`${themesPath(shopId)}/${themeId}`, { method: "DELETE" }),
  );
}

/** Activating changes the shop's `theme` too, which the shop list shows. */
export function useActivateTheme(shopId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (themeId: number) => apiFetch<Theme>(`${themesPath(shopId)}/${themeId}/activate`, { method: "POST" }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.themes(shopId).all });
      void client.invalidateQueries({ queryKey: queryKeys.account.shops.all });
    },
  });
}
