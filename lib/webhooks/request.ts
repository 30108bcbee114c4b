import { Webhook } from "standardwebhooks";
import { decryptOptional, decryptSecret } from "../crypto/secrets";
import { env } from "../env";
import type { WebhookEndpoint } from "../generated/prisma/client";
import { chatMessage } from "./chat-message";

/** What one attempt sends; `loggedUrl` is the URL with any credential (a bot token) hidden, for the attempt log. */
export type WebhookRequest = { url: string; loggedUrl: string; headers: Record<string, string>; body: string };

type StoredEvent = { id: string; payload: string };

/** What an attempt needs of its endpoint. */
export type EndpointSettings = Pick<
  WebhookEndpoint,
  "format" | "url" | "url_encrypted" | "secret_encrypted" | "telegram_token_encrypted" | "telegram_chat_id"
>;

const USER_AGENT = "Shopdesk-Webhooks/1.0";

/** The URL an endpoint posts to: a discord one's is sealed in `url_encrypted` (lib/webhooks/endpoints.ts). */
export const endpointUrl = (endpoint: Pick<WebhookEndpoint, "url" | "url_encrypted">) =>
  decryptOptional(endpoint.url_encrypted) ?? endpoint.url;

/**
 * The HTTP request of one attempt, per format. standard: the event's JSON
 * as stored, signed the Standard Webhooks way (`webhook-id` = the event id,
 * the same on every attempt so receivers can drop duplicates;
 * `webhook-timestamp` = now; `webhook-signature` = `v1,<HMAC-SHA256>` of
 * `id.timestamp.body` with the endpoint's secret). discord: an embed for the
 * channel's webhook URL. telegram: the Bot API's sendMessage.
 */
export function webhookRequest(endpoint: EndpointSettings, event: StoredEvent, now: Date): WebhookRequest {
  switch (endpoint.format) {
    case "discord":
      return discordRequest(endpoint, event);
    case "telegram":
      return telegramRequest(endpoint, event);
    default:
      return standardRequest(endpoint, event, now);
  }
}

function standardRequest(endpoint: EndpointSettings, event: StoredEvent, now: Date): WebhookRequest {
  const signature = new Webhook(decryptSecret(endpoint.secret_encrypted)).sign(event.id, now, event.payload);
  return {
    url: endpoint.url!,
    loggedUrl: endpoint.url!,
    headers: {
      "Content-Type": "application/json",
      "User-Agent": USER_AGENT,
      "webhook-id": event.id,
      "webhook-timestamp": String(Math.floor(now.getTime() / 1000)),
      "webhook-signature": signature,
    },
    body: event.payload,
  };
}

function discordRequest(endpoint: EndpointSettings, event: StoredEvent): WebhookRequest {
  const payload = JSON.parse(event.payload);
  const message = chatMessage(payload);
  const body = JSON.stringify({
    username: "Shopdesk",
    embeds: [
      {
        title: message.title,
        description: message.lines.join("\n").slice(0, 4000),
        color: message.color,
        timestamp: payload.created_at,
        footer: { text: `${payload.type} · ${payload.id}` },
      },
    ],
    allowed_mentions: { parse: [] },
  });
  // the stored `url` is the masked one: the attempt log never holds the channel's token
  return {
    url: endpointUrl(endpoint)!,
    loggedUrl: endpoint.url!,
    headers: { "Content-Type": "application/json", "User-Agent": USER_AGENT },
    body,
  };
}

function telegramRequest(endpoint: EndpointSettings, event: StoredEvent): WebhookRequest {
  const message = chatMessage(JSON.parse(event.payload));
  const base = env().WEBHOOK_TELEGRAM_API_BASE.replace(/\/$/, "");
  const token = decryptSecret(endpoint.telegram_token_encrypted!);
  const body = JSON.stringify({
    chat_id: endpoint.telegram_chat_id,
    text: [message.title, ...message.lines].join("\n").slice(0, 4000),
    disable_web_page_preview: true,
  });
  return {
    url: `${base}/bot${token}/sendMessage`,
    loggedUrl: `${base}/bot<token>/sendMessage`,
    headers: { "Content-Type": "application/json", "User-Agent": USER_AGENT },
    body,
  };
}
