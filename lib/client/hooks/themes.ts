"use client";
import type { CreateThemeInput, ThemeRecordView, UpdateThemeInput } from "../../themes/schemas";
import { apiFetch } from "../api";
import { queryKeys } from "../query-keys";
import { shopResource } from "./resource";

export type Theme = ThemeRecordView;

/**
 * Any change to one theme can change the others' rows too (activating one
 * deactivates the rest), so the factory's refetch of the whole resource fits;
 * activating changes the shop's `theme` too, which the shop list shows.
 */
const themes = shopResource<Theme, CreateThemeInput | UpdateThemeInput>({
  path: "themes",
  keys: queryKeys.themes,
  refreshes: [() => queryKeys.account.shops],
});

export const useThemes = (shopId: string) => themes.useList(shopId);
export const useTheme = themes.useDetail;
export const useSaveTheme = themes.useSave;
export const useDeleteTheme = themes.useDelete;

export function useActivateTheme(shopId: string) {
  return themes.useChange(shopId, (themeId: number) =>
    apiFetch<Theme>(`/v1/shops/${shopId}/themes/${themeId}/activate`, { method: "POST" }),
  );
}
