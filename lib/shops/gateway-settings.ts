import type { Db } from "../db";
import { validationFailed } from "../api/errors";
import type { AuditContext } from "../audit/context";
import { changedFields, maskSecret, recordAudit, type AuditChanges } from "../audit/record";
import { decryptOptional, encryptOptional } from "../crypto/secrets";
import type { ShopSettingsInput, ShopSettingsView } from "./schemas";

export const SETTINGS_SELECT = {
  valid_payment_methods: true,
  bitcoin_address: true,
  litecoin_address: true,
  cardproc_api_key: true,
  cardproc_webhook_secret: true,
} as const;

export type SettingsRow = {
  valid_payment_methods: string[];
  bitcoin_address: string | null;
  litecoin_address: string | null;
  cardproc_api_key: string | null;
  cardproc_webhook_secret: string | null;
};

/** What the settings' writer takes: the gateways' settings, and the list of enabled gateways already derived (lib/payment-methods/derive.ts). */
export type GatewaySettingsInput = Omit<ShopSettingsInput, "valid_payment_methods"> & { valid_payment_methods: string[] };

export function settingsView(shopId: number, row: SettingsRow, linkBase: string): ShopSettingsView {
  return {
    valid_payment_methods: row.valid_payment_methods,
    bitcoin_address: row.bitcoin_address,
    litecoin_address: row.litecoin_address,
    cardproc_api_key_set: row.cardproc_api_key !== null,
    cardproc_webhook_secret_set: row.cardproc_webhook_secret !== null,
    cardproc_webhook_url: `${linkBase}/v1/payments/cardproc/${shopId}/webhook`,
  };
}

/**
 * Saves the gateways' settings and the enabled list in the caller's
 * transaction, which holds the shop's row lock: the check that an enabled
 * gateway has what it pays into (CARDPROC: key and webhook secret; BTC/LTC:
 * the address) thus holds for the result of concurrent updates too. A
 * refusal is 422 on `errorField`. The audit log gets the change in the same
 * transaction: `settings.updated` for gateways and payout addresses,
 * `credentials.updated` for the processor's key and webhook secret (masked).
 * The shop's row is always written, so its storefront pages expire
 * (migration 20261126170000_storefront_notify) whatever else changed.
 */
export async function saveGatewaySettings(
  tx: Db,
  shopId: number,
  input: GatewaySettingsInput,
  audit: AuditContext,
  errorField: string,
): Promise<SettingsRow> {
  const current = await tx.shop.findUniqueOrThrow({ where: { id: shopId }, select: SETTINGS_SELECT });
  const next: SettingsRow = {
    valid_payment_methods: input.valid_payment_methods,
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
  if (missing.length) throw validationFailed({ [errorField]: missing });
  const updated = await tx.shop.update({ where: { id: shopId }, data: next, select: SETTINGS_SELECT });
  await auditSettings(tx, audit, current, next);
  return updated;
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
