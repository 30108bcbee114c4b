"use client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { SellerPage } from "../../api/schemas";
import type { CreateWebhookInput, CreatedWebhookEndpointView, WebhookDeliveryView, WebhookEndpointView } from "../../webhooks/schemas";
import { apiFetch } from "../api";
import { queryKeys } from "../query-keys";
import { shopResource } from "./resource";

const webhooksPath = (shopId: string) => `/v1/shops/${shopId}/webhooks`;

/** Every change refetches the endpoints and their delivery logs (under their details). */
const webhooks = shopResource<WebhookEndpointView, Partial<CreateWebhookInput>>({ path: "webhooks", keys: queryKeys.webhooks });

export const useWebhooks = (shopId: string) => webhooks.useList(shopId);
export const useUpdateWebhook = webhooks.useSave;
export const useDeleteWebhook = webhooks.useDelete;
const useWebhookMutation = webhooks.useChange;

export type DeliveriesQuery = { page: number; status?: string; event_type?: string };

export function useWebhookDeliveries(shopId: string, webhookId: number | null, query: DeliveriesQuery) {
  return useQuery({
    queryKey: queryKeys.webhooks(shopId).deliveries(webhookId ?? 0, query),
    queryFn: () => {
      const params = new URLSearchParams({ page: String(query.page), perPage: "10" });
      if (query.status) params.set("status", query.status);
      if (query.event_type) params.set("event_type", query.event_type);
      return apiFetch<SellerPage<WebhookDeliveryView>>(`${webhooksPath(shopId)}/${webhookId}/deliveries?${params}`);
    },
    enabled: webhookId !== null,
    placeholderData: keepPreviousData,
    // Deliveries move on their own (the worker): the log refreshes while it is open.
    refetchInterval: 2000,
  });
}

export function useCreateWebhook(shopId: string) {
  return useWebhookMutation(shopId, (input: CreateWebhookInput) =>
    apiFetch<CreatedWebhookEndpointView>(webhooksPath(shopId), { method: "POST", body: input }),
  );
}

export function useRotateWebhookSecret(shopId: string) {
  return useWebhookMutation(shopId, (id: number) =>
    apiFetch<{ secret: string }>(`${webhooksPath(shopId)}/${id}/secret/rotate`, { method: "POST" }),
  );
}

export function useSendTestEvent(shopId: string) {
  return useWebhookMutation(shopId, ({ id, eventType }: { id: number; eventType: string }) =>
    apiFetch<WebhookDeliveryView>(`${webhooksPath(shopId)}/${id}/test`, { method: "POST", body: { event_type: eventType } }),
  );
}

export function useRedeliver(shopId: string) {
  return useWebhookMutation(shopId, ({ id, deliveryId }: { id: number; deliveryId: number }) =>
    apiFetch<WebhookDeliveryView>(`${webhooksPath(shopId)}/${id}/deliveries/${deliveryId}/redeliver`, { method: "POST" }),
  );
}
