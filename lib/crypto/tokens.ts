import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/** A random token with 32 bytes of entropy, prefixed so a leaked one is recognisable. */
export function randomToken(prefix: string): string {
  return `${prefix}${randomBytes(32).toString("base64url")}`;
}

export function randomId(bytes = 16): string {
  return randomBytes(bytes).toString("hex");
}

export function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
