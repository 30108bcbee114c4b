"use client";
import type { CustomFieldView } from "../../custom-fields/schemas";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CustomFieldInput } from "../../custom-fields/schemas";
import { apiFetch } from "../api";
import { queryKeys } from "../query-keys";

export type CustomField = CustomFieldView;

const fieldsPath = (shopId: string) => `/v1/shops/${shopId}/custom-fields`;

export function useCustomFields(shopId: string) {
  return useQuery({ queryKey: queryKeys.customFields(shopId).list(), queryFn: () => apiFetch<CustomField[]>(fieldsPath(shopId)) });
}

/** Products embed their custom fields, so they refetch after a change. */
function useCustomFieldMutation<I, O>(shopId: string, request: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.customFields(shopId).all });
      void client.invalidateQueries({ queryKey: queryKeys.products(shopId).all });
    },
  });
}

/** Creates (no fieldId) or updates a custom field. */
export function useSaveCustomField(shopId: string) {
  return useCustomFieldMutation(shopId, ({ fieldId, input }: { fieldId?: number; input: CustomFieldInput }) =>
    fieldId
      ? apiFetch<CustomField>(`${fieldsPath(shopId)}/${fieldId}`, { method: "PUT", body: input })
      : apiFetch<CustomField>(fieldsPath(shopId), { method: "POST", body: input }),
  );
}

export function useDeleteCustomField(shopId: string) {
  return useCustomFieldMutation(shopId, (fieldId: number) =>
    apiFetch<{ message: string }>(`${fieldsPath(shopId)}/${fieldId}`, { method: "DELETE" }),
  );
}
