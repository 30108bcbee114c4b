import type { Db } from "../db";
import { rotateResellerApiKey } from "../auth/api-keys";
import { encryptSecret } from "../crypto/secrets";
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

export async function rotateSigningSecret(db: Db, resellerId: number) {
  const secret = newSigningSecret();
  await db.reseller.update({ where: { id: resellerId }, data: { signing_secret: encryptSecret(secret) } });
  return { signing_secret: secret };
}

export async function rotateDynamicToken(db: Db, resellerId: number) {
  const token = newDynamicToken();
  await db.reseller.update({ where: { id: resellerId }, data: { dynamic_token: token } });
  return { dynamic_token: token };
}
