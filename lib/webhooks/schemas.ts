import { sellerPageOf, timestamp } from "../api/schemas";
import { publicHttpUrl } from "../outbound/public-url";
import { boolean, integer, list } from "../validation/fields";
import * as z from "../validation/zod";
import { DELIVERY_STATUSES, WEBHOOK_EVENT_TYPES, WEBHOOK_FORMATS } from "./event-types";

/**
 * Webhook request and response schemas, shared by the routes, the OpenAPI
 * document and the dashboard's webhooks page.
 */

export const WEBHOOK_DESCRIPTION_MAX = 255;

/** "" and null mean the field was not sent. */
function optional<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === "" || value === null ? undefined : value), schema.optional());
}

const endpointFields = {
  /** standard: the receiver; discord: the channel's Discord webhook URL; telegram: not used. */
  url: optional(publicHttpUrl()),
  description: z.string().trim().max(WEBHOOK_DESCRIPTION_MAX).nullish(),
  /** The types sent; empty or absent = every type. */
  events: z.preprocess((value) => (value === "" ? [] : value), list(z.enum(WEBHOOK_EVENT_TYPES)).optional()),
  enabled: optional(boolean()),
  format: optional(z.enum(WEBHOOK_FORMATS)),
  /** telegram: the bot's token (from @BotFather); write-only, stored encrypted. */
  telegram_bot_token: optional(
    z
      .string()
      .trim()
      .max(255)
      .regex(/^\d+:[A-Za-z0-9_-]+$/, "The telegram bot token field must be a bot token like 123456:ABC-def."),
  ),
  /** telegram: the chat, group or channel (a numeric id or @channelname). */
  telegram_chat_id: optional(
    z
      .string()
      .trim()
      .max(255)
      .regex(/^(-?\d+|@[A-Za-z0-9_]{4,})$/, "The telegram chat id field must be a numeric chat id or @channelname."),
  ),
};

/** POST /v1/shops/{shopId}/webhooks; what each format needs is checked in lib/webhooks/endpoints.ts. */
export const createWebhookSchema = z.object(endpointFields);
export type CreateWebhookInput = z.output<typeof createWebhookSchema>;

/** PUT /v1/shops/{shopId}/webhooks/{webhookId}: the create body, fields not sent keep their value. */
export const updateWebhookSchema = z.object(endpointFields);
export type UpdateWebhookInput = z.output<typeof updateWebhookSchema>;

/** GET .../webhooks/{webhookId}/deliveries */
export const listDeliveriesQuery = z
  .object({
    page: optional(integer({ min: 1 })),
    perPage: optional(integer({ min: 1, max: 100 })),
    status: optional(z.enum(DELIVERY_STATUSES)),
    event_type: optional(z.enum(WEBHOOK_EVENT_TYPES)),
  })
  .transform((query) => ({ ...query, page: query.page ?? 1, perPage: query.perPage ?? 20 }));
export type ListDeliveriesQuery = z.output<typeof listDeliveriesQuery>;

/** POST .../webhooks/{webhookId}/test */
export const testWebhookSchema = z.object({ event_type: z.enum(WEBHOOK_EVENT_TYPES) });
export type TestWebhookInput = z.output<typeof testWebhookSchema>;

// ---------------------------------------------------------------- responses

export const webhookEndpointView = z
  .object({
    id: z.int(),
    shop_id: z.int(),
    url: z.string().nullable(),
    description: z.string().nullable(),
    events: z.array(z.string()).describe("The types sent; empty = every type."),
    enabled: z.boolean(),
    format: z.enum(WEBHOOK_FORMATS),
    telegram_chat_id: z.string().nullable(),
    has_telegram_bot_token: z.boolean(),
    failing_since: timestamp.nullable().describe("The first failure since the last success."),
    disabled_reason: z.string().nullable().describe("Why the endpoint was disabled automatically."),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: "WebhookEndpoint" });
export type WebhookEndpointView = z.output<typeof webhookEndpointView>;

/** Create answers the signing secret, once; it cannot be read again, only rotated. */
export const createdWebhookEndpointView = webhookEndpointView
  .extend({ secret: z.string().describe("The Standard Webhooks signing secret (`whsec_...`); shown only now.") })
  .meta({ id: "CreatedWebhookEndpoint" });
export type CreatedWebhookEndpointView = z.output<typeof createdWebhookEndpointView>;

export const rotatedWebhookSecretView = z.object({ secret: z.string() }).meta({ id: "RotatedWebhookSecret" });
export type RotatedWebhookSecretView = z.output<typeof rotatedWebhookSecretView>;

export const webhookAttemptView = z
  .object({
    number: z.int(),
    url: z.string(),
    request_headers: z.record(z.string(), z.string()),
    request_body: z.string(),
    response_status: z.int().nullable(),
    response_body: z.string().nullable().describe("The first KB of the answer."),
    duration_ms: z.int(),
    error: z.string().nullable(),
    created_at: timestamp,
  })
  .meta({ id: "WebhookAttempt" });
export type WebhookAttemptView = z.output<typeof webhookAttemptView>;

export const webhookDeliveryView = z
  .object({
    id: z.int(),
    endpoint_id: z.int(),
    event_id: z.string(),
    event_type: z.string(),
    status: z.enum(DELIVERY_STATUSES),
    attempts: z.int(),
    next_attempt_at: timestamp.nullable().describe("When the next attempt is due (pending only)."),
    last_status: z.int().nullable(),
    last_error: z.string().nullable(),
    payload: z.string().describe("The event's JSON body as sent."),
    attempt_log: z.array(webhookAttemptView),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: "WebhookDelivery" });
export type WebhookDeliveryView = z.output<typeof webhookDeliveryView>;

export const webhookDeliveryPage = sellerPageOf(webhookDeliveryView);
export const webhookEndpointList = z.array(webhookEndpointView);
