import { randomBytes } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import type { Db } from "../db";
import { decryptSecret } from "../crypto/secrets";
import { sha256 } from "../crypto/tokens";

/**
 * Second-factor codes (RFC 6238): six digits every 30 seconds from a shared
 * secret, as every authenticator app makes them, and single-use recovery
 * codes. What is stored: the secret encrypted (lib/crypto/secrets.ts), the
 * last accepted time step, the recovery codes' SHA-256.
 */

const ISSUER = "Shopdesk";
const PERIOD = 30;
const DIGITS = 6;
/** A code of the step before or after the current one is accepted too: phones' clocks drift. */
const WINDOW = 1;

export const RECOVERY_CODE_COUNT = 10;
/** Lowercase letters and digits without 0, 1, l and o, which read alike. */
const RECOVERY_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789";

/** A new secret (160 bits, RFC 4226's recommendation), base32 as the apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The `otpauth://` URL an authenticator app reads from the QR code. */
export function otpauthUrl(secretBase32: string, account: string): string {
  return new TOTP({ issuer: ISSUER, label: account, secret: Secret.fromBase32(secretBase32), period: PERIOD, digits: DIGITS }).toString();
}

export const isTotpCode = (code: string) => /^\d{6}$/.test(code.replace(/\s/g, ""));

/** The time step a TOTP code belongs to (now, or one step either side), or null when it matches none. */
export function totpStep(secretBase32: string, code: string, now = Date.now()): number | null {
  const token = code.replace(/\s/g, "");
  if (!isTotpCode(token)) return null;
  const delta = TOTP.validate({
    token,
    secret: Secret.fromBase32(secretBase32),
    period: PERIOD,
    digits: DIGITS,
    window: WINDOW,
    timestamp: now,
  });
  return delta === null ? null : TOTP.counter({ period: PERIOD, timestamp: now }) + delta;
}

/** Ten codes of 10 characters (50 random bits each), shown as `abcde-fghij`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = [...randomBytes(10)].map((byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]).join("");
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** What is hashed: case, spaces and dashes as typed do not matter. */
export const recoveryCodeHash = (code: string) => sha256(code.toLowerCase().replace(/[^a-z0-9]/g, ""));

export type SecondFactorUser = { id: number; totp_secret: string | null };

/**
 * Spends a second-factor code of a user with two-factor sign-in on: a TOTP
 * code of a later step than the last one accepted (one conditional UPDATE,
 * so the same code cannot sign in twice, even at once), or an unused
 * recovery code (spent the same way). `replayed`: a right code already used.
 */
export async function spendSecondFactor(db: Db, user: SecondFactorUser, code: string): Promise<"totp" | "recovery" | "replayed" | "wrong"> {
  if (!user.totp_secret) return "wrong";
  if (isTotpCode(code)) {
    const step = totpStep(decryptSecret(user.totp_secret), code);
    if (step === null) return "wrong";
    const { count } = await db.user.updateMany({
      where: { id: user.id, OR: [{ totp_last_step: null }, { totp_last_step: { lt: step } }] },
      data: { totp_last_step: step },
    });
    return count === 1 ? "totp" : "replayed";
  }
  const { count } = await db.recoveryCode.updateMany({
    where: { user_id: user.id, code_hash: recoveryCodeHash(code), used_at: null },
    data: { used_at: new Date() },
  });
  return count === 1 ? "recovery" : "wrong";
}
