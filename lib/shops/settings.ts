import type { Db, PrismaClient } from "../db";
import { validationFailed } from "../api/errors";
import type { AuditContext } from "../audit/context";
import { changedFields, maskSecret, recordAudit, type AuditChanges } from "../audit/record";
import { decryptOptional, encryptOptional } from "../crypto/secrets";
import type { ShopSettingsInput, ShopSettingsView } from "./schemas";

const SETTINGS_SELECT = {
  valid_payment_methods: true,
  bitcoin_address: true,
  litecoin_address: true,
  cardproc_api_key: true,
  cardproc_webhook_secret: true,
} as const;

type SettingsRow = {
  valid_payment_methods: string[];
  bitcoin_address: string | null;
  litecoin_address: string | null;
  cardproc_api_key: string | null;
  cardproc_webhook_secret: string | null;
};

function view(shopId: number, row: SettingsRow, linkBase: string): ShopSettingsView {
  return {
    valid_payment_methods: row.valid_payment_methods,
    bitcoin_address: row.bitcoin_address,
    litecoin_address: row.litecoin_address,
    cardproc_api_key_set: row.cardproc_api_key !== null,
    cardproc_webhook_secret_set: row.cardproc_webhook_secret !== null,
    cardproc_webhook_url: `${linkBase}/v1/payments/cardproc/${shopId}/webhook`,
  };
}

export async function getShopSettings(client: PrismaClient, shopId: number, linkBase: string): Promise<ShopSettingsView> {
  return view(shopId, await client.shop.findUniqueOrThrow({ where: { id: shopId }, select: SETTINGS_SELECT }), linkBase);
}

/**
 * Saves the given settings under the shop's row lock, so the check that an
 * enabled gateway has what it pays into (CARDPROC: key and webhook secret;
 * BTC/LTC: the address) holds for the result of concurrent updates too.
 * The audit log gets the change in the same transaction: `settings.updated`
 * for gateways and payout addresses, `credentials.updated` for the
 * processor's key and webhook secret (masked).
 */
export async function updateShopSettings(
  client: PrismaClient,
  shopId: number,
  input: ShopSettingsInput,
  linkBase: string,
  audit: AuditContext,
): Promise<ShopSettingsView> {
  const row = await client.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM shops WHERE id = ${shopId} FOR UPDATE`;
    const current = await tx.shop.findUniqueOrThrow({ where: { id: shopId }, select: SETTINGS_SELECT });
    const next: SettingsRow = {
      valid_payment_methods: input.valid_payment_methods ? [...new Set(input.valid_payment_methods)] : current.valid_payment_methods,
      bitcoin_address: input.bitcoin_address === undefined ? current.bitcoin_address : input.bitcoin_address,
      litecoin_address: input.litecoin_address === undefined ? current.litecoin_address : input.litecoin_address,
      cardproc_api_key: input.cardproc_api_key === undefined ? current.cardproc_api_key : encryptOptional(input.cardproc_api_key),
      cardproc_webhook_secret:
        input.cardproc_webhook_secret === undefined ? current.cardproc_webhook_secret : encryptOptional(input.cardproc_webhook_secret),
    };
    const missing: string[] = [];
    const methods = new Set(next.valid_payment_methods);
    if (methods.has("CARDPROC") && (!next.cardproc_api_key || !next.cardproc_webhook_secret))
      missing.push("CARDPROC needs the card processor's API key and webhook secret.");
    if (methods.has("BTC") && !next.bitcoin_address) missing.push("BTC needs a bitcoin address.");
    if (methods.has("LTC") && !next.litecoin_address) missing.push("LTC needs a litecoin address.");
    if (missing.length) throw validationFailed({ valid_payment_methods: missing });
    const updated = await tx.shop.update({ where: { id: shopId }, data: next, select: SETTINGS_SELECT });
    await auditSettings(tx, audit, current, next);
    return updated;
  });
  return view(shopId, row, linkBase);
}

/** The payment settings whose change needs a recent sign-in and is e-mailed to the owner (docs/accounts.md). */
const SENSITIVE_SETTINGS = {
  bitcoin_address: "The bitcoin payout address",
  litecoin_address: "The litecoin payout address",
  cardproc_api_key: "The card processor's API key",
  cardproc_webhook_secret: "The card processor's webhook secret",
} as const;

/** The sensitive fields a settings body changes (absent fields change nothing). */
export function sensitiveSettingsIn(body: Record<string, unknown>): (keyof typeof SENSITIVE_SETTINGS)[] {
  return (Object.keys(SENSITIVE_SETTINGS) as (keyof typeof SENSITIVE_SETTINGS)[]).filter((field) => body[field] !== undefined);
}

/** The owner's notice: payout addresses in full (they are public, and the owner must recognise them), secrets never. */
export function describeSensitiveSettings(body: Record<string, unknown>): string | null {
  const lines = sensitiveSettingsIn(body).map((field) => {
    const value = body[field];
    if (value === null) return `${SENSITIVE_SETTINGS[field]} was removed.`;
    return field.endsWith("_address")
      ? `${SENSITIVE_SETTINGS[field]} is now ${String(value)}.`
      : `${SENSITIVE_SETTINGS[field]} was replaced.`;
  });
  return lines.length ? lines.join(" ") : null;
}

/** The log's entries of a settings change; an update that changes nothing records nothing. */
async function auditSettings(tx: Db, audit: AuditContext, before: SettingsRow, after: SettingsRow) {
  const target = { type: "shop" as const, id: audit.shopId };
  const settings = changedFields(before, after, ["valid_payment_methods", "bitcoin_address", "litecoin_address"]);
  if (Object.keys(settings).length) await recordAudit(tx, audit, { action: "settings.updated", target, changes: settings });
  const credentials: AuditChanges = {};
  for (const field of ["cardproc_api_key", "cardproc_webhook_secret"] as const) {
    // ciphertexts differ for the same secret (a fresh IV each time): compare the plain values
    const [old, next] = [decryptOptional(before[field]), decryptOptional(after[field])];
    if (old !== next) credentials[field] = { old: maskSecret(old), new: maskSecret(next) };
  }
  if (Object.keys(credentials).length) await recordAudit(tx, audit, { action: "credentials.updated", target, changes: credentials });
}
