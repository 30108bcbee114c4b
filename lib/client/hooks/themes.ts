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
