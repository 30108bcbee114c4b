import { createHmac, hkdfSync } from "node:crypto";
import { encryptionKey } from "../env";

const purposeKeys = new Map<string, Buffer>();

/** A key for one purpose, derived from APP_ENCRYPTION_KEY with HKDF-SHA256, so no two uses share key material. */
function purposeKey(purpose: string): Buffer {
  let key = purposeKeys.get(purpose);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", encryptionKey(), Buffer.alloc(0), `shopdesk:${purpose}`, 32));
    purposeKeys.set(purpose, key);
  }
  return key;
}

/** The purpose's key as hex text, for libraries that take their HMAC secret as a string (altcha-lib). */
export function purposeSecret(purpose: string): string {
  return purposeKey(purpose).toString("hex");
}

/**
 * HMAC-SHA256 (hex) of a secret under its purpose's key: the same value
 * always hashes the same, so a unique index finds it, and without the key a
 * stolen table cannot be searched by guessing.
 */
export function keyedHash(purpose: string, value: string): string {
  return createHmac("sha256", purposeKey(purpose)).update(value, "utf8").digest("hex");
}
