import type { WebhookAttempt, WebhookDelivery, WebhookEndpoint } from "../generated/prisma/client";
import type { WebhookFormat } from "./event-types";
import type { WebhookAttemptView, WebhookDeliveryView, WebhookEndpointView } from "./schemas";
import type { DeliveryStatus } from "./event-types";

const iso = (value: Date | null) => value?.toISOString() ?? null;

/** An endpoint as the API shows it: never its secret or bot token. */
export function serializeEndpoint(endpoint: WebhookEndpoint): WebhookEndpointView {
  return {
    id: endpoint.id,
    shop_id: endpoint.shop_id,
    url: endpoint.url,
    description: endpoint.description,
    events: endpoint.events,
    enabled: endpoint.enabled,
    format: endpoint.format as WebhookFormat,
    telegram_chat_id: endpoint.telegram_chat_id,
    has_telegram_bot_token: endpoint.telegram_token_encrypted !== null,
    failing_since: iso(endpoint.failing_since),
    disabled_reason: endpoint.disabled_reason,
    created_at: endpoint.created_at.toISOString(),
    updated_at: endpoint.updated_at.toISOString(),
  };
}

export type DeliveryRow = WebhookDelivery & { event: { payload: string }; attempt_log: WebhookAttempt[] };

/** The relations `serializeDelivery` reads. */
export const deliveryInclude = { event: { select: { payload: true } }, attempt_log: { orderBy: { id: "asc" } } } as const;

export function serializeAttempt(attempt: WebhookAttempt): WebhookAttemptView {
  return {
    number: attempt.number,
    url: attempt.url,
    request_headers: attempt.request_headers as Record<string, string>,
    request_body: attempt.request_body,
    response_status: attempt.response_status,
    response_body: attempt.response_body,
    duration_ms: attempt.duration_ms,
    error: attempt.error,
    created_at: attempt.created_at.toISOString(),
  };
}

export function serializeDelivery(delivery: DeliveryRow): WebhookDeliveryView {
  return {
    id: delivery.id,
    endpoint_id: delivery.endpoint_id,
    event_id: delivery.event_id,
    event_type: delivery.event_type,
    status: delivery.status as DeliveryStatus,
    attempts: delivery.attempts,
    next_attempt_at: delivery.status === "pending" ? delivery.next_attempt_at.toISOString() : null,
    last_status: delivery.last_status,
    last_error: delivery.last_error,
    payload: delivery.event.payload,
    attempt_log: delivery.attempt_log.map(serializeAttempt),
    created_at: delivery.created_at.toISOString(),
    updated_at: delivery.updated_at.toISOString(),
  };
}
