import { randomBytes } from "node:crypto";
import { retryOnWriteConflict, type Db } from "../db";
import { notFound, validationFailed, type FieldErrors } from "../api/errors";
import { decryptOptional, encryptOptional, encryptSecret } from "../crypto/secrets";
import type { WebhookEndpoint } from "../generated/prisma/client";
import type { WebhookFormat } from "./event-types";
import type { CreateWebhookInput, CreatedWebhookEndpointView, UpdateWebhookInput } from "./schemas";
import { serializeEndpoint } from "./serialize";

/** A Standard Webhooks secret: `whsec_` and 24 random bytes in base64 (the spec allows 24 to 64). */
export const newWebhookSecret = () => `whsec_${randomBytes(24).toString("base64")}`;

/** Most endpoints a shop may have: each event fans out to every one of them. */
export const MAX_ENDPOINTS_PER_SHOP = 20;

type Settings = {
  format: WebhookFormat;
  url: string | null;
  telegramToken: string | null;
  telegramChatId: string | null;
};

/** What each format needs: a URL (standard, discord), or a bot token and a chat (telegram). */
function refusals(settings: Settings): FieldErrors {
  const errors: FieldErrors = {};
  if (settings.format === "telegram") {
    if (!settings.telegramToken) errors.telegram_bot_token = ["The telegram bot token field is required when format is telegram."];
    if (!settings.telegramChatId) errors.telegram_chat_id = ["The telegram chat id field is required when format is telegram."];
  } else if (!settings.url) {
    errors.url = [`The url field is required when format is ${settings.format}.`];
  }
  return errors;
}

function checked(settings: Settings): Settings {
  const errors = refusals(settings);
  if (Object.keys(errors).length) throw validationFailed(errors);
  // A telegram endpoint posts to the Bot API, never to a URL of the seller's.
  return settings.format === "telegram" ? { ...settings, url: null } : { ...settings, telegramToken: null, telegramChatId: null };
}

const uniqueEvents = (events: string[] | undefined) => (events ? [...new Set(events)] : undefined);

export async function findEndpoint(db: Db, shopId: number, id: number): Promise<WebhookEndpoint> {
  const endpoint = await db.webhookEndpoint.findFirst({ where: { id, shop_id: shopId } });
  if (!endpoint) throw notFound("Webhook");
  return endpoint;
}

export async function listEndpoints(db: Db, shopId: number) {
  const endpoints = await db.webhookEndpoint.findMany({ where: { shop_id: shopId }, orderBy: { id: "asc" } });
  return endpoints.map(serializeEndpoint);
}

export async function getEndpoint(db: Db, shopId: number, id: number) {
  return serializeEndpoint(await findEndpoint(db, shopId, id));
}

export async function createEndpoint(db: Db, shopId: number, input: CreateWebhookInput): Promise<CreatedWebhookEndpointView> {
  const settings = checked({
    format: input.format ?? "standard",
    url: input.url ?? null,
    telegramToken: input.telegram_bot_token ?? null,
    telegramChatId: input.telegram_chat_id ?? null,
  });
  const count = await db.webhookEndpoint.count({ where: { shop_id: shopId } });
  if (count >= MAX_ENDPOINTS_PER_SHOP) {
    throw validationFailed({ url: [`A shop can have at most ${MAX_ENDPOINTS_PER_SHOP} webhook endpoints.`] });
  }
  const secret = newWebhookSecret();
  const endpoint = await db.webhookEndpoint.create({
    data: {
      shop_id: shopId,
      format: settings.format,
      url: settings.url,
      description: input.description || null,
      events: uniqueEvents(input.events) ?? [],
      enabled: input.enabled ?? true,
      secret_encrypted: encryptSecret(secret),
      telegram_token_encrypted: encryptOptional(settings.telegramToken),
      telegram_chat_id: settings.telegramChatId,
    },
  });
  return { ...serializeEndpoint(endpoint), secret };
}

/**
 * PUT: fields not sent keep their value. Enabling an endpoint (again) clears
 * its failing stretch and the reason it was disabled.
 */
export async function updateEndpoint(db: Db, shopId: number, id: number, input: UpdateWebhookInput) {
  const current = await findEndpoint(db, shopId, id);
  const settings = checked({
    format: input.format ?? (current.format as WebhookFormat),
    url: input.url ?? current.url,
    telegramToken: input.telegram_bot_token ?? decryptOptional(current.telegram_token_encrypted),
    telegramChatId: input.telegram_chat_id ?? current.telegram_chat_id,
  });
  const reenabled = input.enabled === true && !current.enabled;
  const updated = await db.webhookEndpoint.update({
    where: { id: current.id },
    data: {
      format: settings.format,
      url: settings.url,
      ...(input.description !== undefined ? { description: input.description || null } : {}),
      ...(input.events !== undefined ? { events: uniqueEvents(input.events) } : {}),
      ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
      ...(reenabled ? { failing_since: null, disabled_reason: null } : {}),
      telegram_token_encrypted: encryptOptional(settings.telegramToken),
      telegram_chat_id: settings.telegramChatId,
    },
  });
  return serializeEndpoint(updated);
}

/**
 * Deleting an endpoint deletes its deliveries and their log with it. The
 * cascade locks the endpoint, then its deliveries; the worker locks a
 * delivery, then its endpoint: when the two cross, PostgreSQL ends one, and
 * the delete tries again.
 */
export async function deleteEndpoint(db: Db, shopId: number, id: number) {
  const deleted = await retryOnWriteConflict(() => db.webhookEndpoint.deleteMany({ where: { id, shop_id: shopId } }));
  if (deleted.count === 0) throw notFound("Webhook");
  return { message: "Webhook deleted." };
}

/** A new signing secret; the old one stops signing at once (deliveries still pending are signed with the new one). */
export async function rotateEndpointSecret(db: Db, shopId: number, id: number) {
  await findEndpoint(db, shopId, id);
  const secret = newWebhookSecret();
  await db.webhookEndpoint.update({ where: { id }, data: { secret_encrypted: encryptSecret(secret) } });
  return { secret };
}
