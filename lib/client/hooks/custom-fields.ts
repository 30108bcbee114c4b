"use client";
import type { CustomFieldInput, CustomFieldView } from "../../custom-fields/schemas";
import { queryKeys } from "../query-keys";
import { shopResource } from "./resource";

export type CustomField = CustomFieldView;

/** Products embed their custom fields, so they refetch after a change. */
const customFields = shopResource<CustomField, CustomFieldInput>({
  path: "custom-fields",
  keys: queryKeys.customFields,
  refreshes: [queryKeys.products],
});

export const useCustomFields = (shopId: string) => customFields.useList(shopId);
export const useSaveCustomField = customFields.useSave;
export const useDeleteCustomField = customFields.useDelete;
