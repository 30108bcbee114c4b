import { randomBytes } from "node:crypto";
import { Prisma, query, retryOnWriteConflict, type Db, type PrismaClient } from "../db";
import type { AuditContext } from "../audit/context";
import { changedFields, maskSecret, recordAudit, type AuditChanges } from "../audit/record";
import { notFound, validationFailed, type FieldErrors } from "../api/errors";
import { decryptOptional, encryptOptional, encryptSecret } from "../crypto/secrets";
import type { WebhookEndpoint } from "../generated/prisma/client";
import type { WebhookFormat } from "./event-types";
import type { CreateWebhookInput, CreatedWebhookEndpointView, UpdateWebhookInput } from "./schemas";
import { endpointUrl } from "./request";
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

/**
 * A Discord webhook URL's last path segment is the channel's token: whoever
 * holds the URL posts to the channel. It is stored encrypted, as a Telegram
 * bot token is; the `url` column (what the API, the dashboard and the
 * attempt log show) keeps it with the token masked.
 */
export function maskedDiscordUrl(url: string): string {
  const parsed = new URL(url);
  const parts = parsed.pathname.split("/");
  const token = parts.at(-1) ?? "";
  parts[parts.length - 1] = token.length > 8 ? `****${token.slice(-4)}` : "****";
  return `${parsed.origin}${parts.join("/")}`;
}

/** The columns that hold an endpoint's URL: a discord one sealed, any other as it is. */
function urlColumns(format: WebhookFormat, url: string | null) {
  if (format === "discord" && url) return { url: maskedDiscordUrl(url), url_encrypted: encryptSecret(url) };
  return { url, url_encrypted: null };
}

/**
 * Discord URLs saved before they were sealed: encrypted once at start-up
 * (every process may run it; the UPDATE only takes rows still in clear).
 */
export async function sealLegacyDiscordUrls(db: Db): Promise<void> {
  const legacy = await db.webhookEndpoint.findMany({ where: { format: "discord", url_encrypted: null, url: { not: null } } });
  for (const endpoint of legacy) {
    await db.webhookEndpoint.updateMany({
      where: { id: endpoint.id, url_encrypted: null },
      data: urlColumns("discord", endpoint.url),
    });
  }
}

const uniqueEvents = (events: string[] | undefined) => (events ? [...new Set(events)] : undefined);

export async function findEndpoint(db: Db, shopId: number, id: number): Promise<WebhookEndpoint> {
  const endpoint = await db.webhookEndpoint.findFirst({ where: { id, shop_id: shopId } });
  if (!endpoint) throw notFound("Webhook");
  return endpoint;
}

/**
 * What the audit log shows of an endpoint: the stored `url` (a Discord URL
 * with its token already masked), the Telegram bot token masked; the
 * signing secret never.
 */
function auditFields(endpoint: WebhookEndpoint) {
  return {
    format: endpoint.format,
    url: endpoint.url,
    description: endpoint.description,
    events: endpoint.events,
    enabled: endpoint.enabled,
    telegram_bot_token: maskSecret(decryptOptional(endpoint.telegram_token_encrypted)),
    telegram_chat_id: endpoint.telegram_chat_id,
  };
}
const AUDITED = ["format", "url", "description", "events", "enabled", "telegram_bot_token", "telegram_chat_id"] as const;

function sideOf(endpoint: WebhookEndpoint, side: "old" | "new"): AuditChanges {
  const fields = auditFields(endpoint);
  return Object.fromEntries(AUDITED.map((field) => [field, { [side]: fields[field] }]));
}

export async function listEndpoints(db: Db, shopId: number) {
  const endpoints = await db.webhookEndpoint.findMany({ where: { shop_id: shopId }, orderBy: { id: "asc" } });
  return endpoints.map(serializeEndpoint);
}

export async function getEndpoint(db: Db, shopId: number, id: number) {
  return serializeEndpoint(await findEndpoint(db, shopId, id));
}

export async function createEndpoint(
  client: PrismaClient,
  shopId: number,
  input: CreateWebhookInput,
  audit: AuditContext,
): Promise<CreatedWebhookEndpointView> {
  const settings = checked({
    format: input.format ?? "standard",
    url: input.url ?? null,
    telegramToken: input.telegram_bot_token ?? null,
    telegramChatId: input.telegram_chat_id ?? null,
  });
  const count = await client.webhookEndpoint.count({ where: { shop_id: shopId } });
  if (count >= MAX_ENDPOINTS_PER_SHOP) {
    throw validationFailed({ url: [`A shop can have at most ${MAX_ENDPOINTS_PER_SHOP} webhook endpoints.`] });
  }
  const secret = newWebhookSecret();
  const endpoint = await client.$transaction(async (tx) => {
    const endpoint = await tx.webhookEndpoint.create({
      data: {
        shop_id: shopId,
        format: settings.format,
        ...urlColumns(settings.format, settings.url),
        description: input.description || null,
        events: uniqueEvents(input.events) ?? [],
        enabled: input.enabled ?? true,
        secret_encrypted: encryptSecret(secret),
        telegram_token_encrypted: encryptOptional(settings.telegramToken),
        telegram_chat_id: settings.telegramChatId,
      },
    });
    await recordAudit(tx, audit, {
      action: "webhook.created",
      target: { type: "webhook", id: endpoint.id },
      changes: sideOf(endpoint, "new"),
    });
    return endpoint;
  });
  return { ...serializeEndpoint(endpoint), secret };
}

/**
 * PUT: fields not sent keep their value. Enabling an endpoint (again) clears
 * its failing stretch and the reason it was disabled.
 */
export async function updateEndpoint(client: PrismaClient, shopId: number, id: number, input: UpdateWebhookInput, audit: AuditContext) {
  return client.$transaction((tx) => updateIn(tx, shopId, id, input, audit));
}

async function updateIn(db: Db, shopId: number, id: number, input: UpdateWebhookInput, audit: AuditContext) {
  await query(db, Prisma.sql`SELECT id FROM webhook_endpoints WHERE id = ${id} AND shop_id = ${shopId} FOR UPDATE`);
  const current = await findEndpoint(db, shopId, id);
  const settings = checked({
    format: input.format ?? (current.format as WebhookFormat),
    // the masked Discord URL sent back as it was shown (a form saved unchanged) keeps the sealed one
    url: input.url && input.url !== current.url ? input.url : endpointUrl(current),
    telegramToken: input.telegram_bot_token ?? decryptOptional(current.telegram_token_encrypted),
    telegramChatId: input.telegram_chat_id ?? current.telegram_chat_id,
  });
  const reenabled = input.enabled === true && !current.enabled;
  const updated = await db.webhookEndpoint.update({
    where: { id: current.id },
    data: {
      format: settings.format,
      ...urlColumns(settings.format, settings.url),
      ...(input.description !== undefined ? { description: input.description || null } : {}),
      ...(input.events !== undefined ? { events: uniqueEvents(input.events) } : {}),
      ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
      ...(reenabled ? { failing_since: null, disabled_reason: null } : {}),
      telegram_token_encrypted: encryptOptional(settings.telegramToken),
      telegram_chat_id: settings.telegramChatId,
    },
  });
  const changes = changedFields(auditFields(current), auditFields(updated), [...AUDITED]);
  if (Object.keys(changes).length) {
    await recordAudit(db, audit, { action: "webhook.updated", target: { type: "webhook", id: current.id }, changes });
  }
  return serializeEndpoint(updated);
}

/**
 * Deleting an endpoint deletes its deliveries and their log with it. The
 * cascade locks the endpoint, then its deliveries; the worker locks a
 * delivery, then its endpoint: when the two cross, PostgreSQL ends one, and
 * the delete tries again.
 */
export async function deleteEndpoint(client: PrismaClient, shopId: number, id: number, audit: AuditContext) {
  await retryOnWriteConflict(() =>
    client.$transaction(async (tx) => {
      const endpoint = await tx.webhookEndpoint.findFirst({ where: { id, shop_id: shopId } });
      const deleted = await tx.webhookEndpoint.deleteMany({ where: { id, shop_id: shopId } });
      if (!endpoint || deleted.count === 0) throw notFound("Webhook");
      await recordAudit(tx, audit, { action: "webhook.deleted", target: { type: "webhook", id }, changes: sideOf(endpoint, "old") });
    }),
  );
  return { message: "Webhook deleted." };
}

/** A new signing secret; the old one stops signing at once (deliveries still pending are signed with the new one). */
export async function rotateEndpointSecret(client: PrismaClient, shopId: number, id: number, audit: AuditContext) {
  const secret = newWebhookSecret();
  await client.$transaction(async (tx) => {
    await findEndpoint(tx, shopId, id);
    await tx.webhookEndpoint.update({ where: { id }, data: { secret_encrypted: encryptSecret(secret) } });
    await recordAudit(tx, audit, {
      action: "webhook.secret_rotated",
      target: { type: "webhook", id },
      changes: { secret: { new: maskSecret(secret) } },
    });
  });
  return { secret };
}
