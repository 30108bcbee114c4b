import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The signature of a dynamic delivery request (spec, "Authentication" 3):
 * HMAC-SHA256 of the raw body, hex, keyed by the reseller's signing secret.
 * The shop that calls a dynamic URL signs with its dynamic_signing_secret,
 * which the reseller saves as its signing secret at the supplier.
 */
export function signBody(secret: string, rawBody: string): string {
  return createHmac("sha256", secret).update(rawBody, "utf8").digest("hex");
}

/** Constant-time comparison; a malformed header is simply a wrong signature. */
export function verifySignature(secret: string, rawBody: string, signature: string | null): boolean {
  if (!signature || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  const expected = Buffer.from(signBody(secret, rawBody), "hex");
  return timingSafeEqual(expected, Buffer.from(signature.toLowerCase(), "hex"));
}

/** The receiver accepts timestamps at most this far from its clock, past or future. */
export const MAX_TIMESTAMP_SKEW_SECONDS = 300;

export function timestampIsFresh(header: string | null, nowMs = Date.now()): boolean {
  if (!header || !/^-?\d{1,15}$/.test(header)) return false;
  return Math.abs(Math.floor(nowMs / 1000) - Number(header)) <= MAX_TIMESTAMP_SKEW_SECONDS;
}
