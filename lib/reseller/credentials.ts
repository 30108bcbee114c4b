import type { Db } from "../db";
import { rotateResellerApiKey } from "../auth/api-keys";
import { keyedHash } from "../crypto/keyed-hash";
import { decryptSecret, encryptSecret } from "../crypto/secrets";
import { randomToken } from "../crypto/tokens";

/**
 * Each rotation replaces the stored value in one UPDATE, so the old key,
 * secret or token stops working at once; the new value is returned once.
 */

export async function rotateApiKey(db: Db, resellerId: number) {
  return { api_key: await rotateResellerApiKey(db, resellerId) };
}

export function newSigningSecret(): string {
  return randomToken("rss_");
}

export function newDynamicToken(): string {
  return randomToken("dyn_").replace(/[^A-Za-z0-9_]/g, "");
}

/**
 * The dynamic token at rest: encrypted, because its owner is shown it again
 * (portal, `dynamic_url`), and findable through a keyed hash, because the
 * receiver is addressed by it.
 */
export function storedDynamicToken(token: string) {
  return { dynamic_token_encrypted: encryptSecret(token), dynamic_token_hash: dynamicTokenHash(token) };
}

/** A new reseller's credentials at rest (an invitation's or an application's): a signing secret and a dynamic token. */
export function newResellerCredentials() {
  return { signing_secret: encryptSecret(newSigningSecret()), ...storedDynamicToken(newDynamicToken()) };
}

export function dynamicTokenHash(token: string): string {
  return keyedHash("reseller-dynamic-token", token);
}

export function dynamicTokenOf(reseller: { dynamic_token_encrypted: string }): string {
  return decryptSecret(reseller.dynamic_token_encrypted);
}

export async function rotateSigningSecret(db: Db, resellerId: number) {
  const secret = newSigningSecret();
  await db.reseller.update({ where: { id: resellerId }, data: { signing_secret: encryptSecret(secret) } });
  return { signing_secret: secret };
}

export async function rotateDynamicToken(db: Db, resellerId: number) {
  const token = newDynamicToken();
  await db.reseller.update({ where: { id: resellerId }, data: storedDynamicToken(token) });
  return { dynamic_token: token };
}
