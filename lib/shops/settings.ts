import type { PrismaClient } from "../db";
import type { AuditContext } from "../audit/context";
import { alignMethodsWithList, deriveValidPaymentMethods, lockShop } from "../payment-methods/derive";
import { SETTINGS_SELECT, settingsView } from "./gateway-settings";
import type { ShopSettingsInput, ShopSettingsView } from "./schemas";

export async function getShopSettings(client: PrismaClient, shopId: number, linkBase: string): Promise<ShopSettingsView> {
  return settingsView(shopId, await client.shop.findUniqueOrThrow({ where: { id: shopId }, select: SETTINGS_SELECT }), linkBase);
}

/**
 * PUT /settings, under the shop's row lock: a `valid_payment_methods` list
 * enables the listed gateways' payment methods in that order (making the
 * missing ones) and disables the others, then the list is derived from the
 * records as after any payment-method change, so both views agree.
 */
export async function updateShopSettings(
  client: PrismaClient,
  shopId: number,
  input: ShopSettingsInput,
  linkBase: string,
  audit: AuditContext,
): Promise<ShopSettingsView> {
  const row = await client.$transaction(async (tx) => {
    await lockShop(tx, shopId);
    const { valid_payment_methods: list, ...settings } = input;
    if (list) await alignMethodsWithList(tx, shopId, [...new Set(list)]);
    return deriveValidPaymentMethods(tx, shopId, settings, audit, "valid_payment_methods");
  });
  return settingsView(shopId, row, linkBase);
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
