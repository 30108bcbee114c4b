"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CustomFieldInput } from "../../custom-fields/schemas";
import { apiFetch } from "../api";
import { productKeys } from "./products";

export type CustomField = {
  id: number;
  name: string;
  hint: string | null;
  type: CustomFieldInput["type"];
  options: string | null;
  is_required: boolean;
};

export const customFieldKeys = {
  all: (shopId: string) => ["shops", shopId, "custom-fields"] as const,
};

const fieldsPath = (shopId: string) => `/v1/shops/${shopId}/custom-fields`;

export function useCustomFields(shopId: string) {
  return useQuery({ queryKey: customFieldKeys.all(shopId), queryFn: () => apiFetch<CustomField[]>(fieldsPath(shopId)) });
}

/** Products embed their custom fields, so they refetch after a change. */
function useCustomFieldMutation<I, O>(shopId: string, request: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: customFieldKeys.all(shopId) });
      void client.invalidateQueries({ queryKey: productKeys.all(shopId) });
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
