import type { Db } from "../db";
import { ApiError } from "../api/errors";
import { hitRateLimit, undoHit } from "../api/rate-limit";
import { verifyPassword } from "../crypto/tokens";
import type { LoginInput, UserView } from "./schemas";

/** Failed attempts per address and IP and minute; a successful sign-in costs nothing. */
const FAILURES_PER_MINUTE = 10;

/** Checks email and password, with a per-address and per-IP limit on failed attempts; `ip` is the client's (see clientIp). */
export async function verifyLogin(db: Db, ip: string, { email, password }: LoginInput) {
  const normalised = email.toLowerCase();
  const limitKey = `login:${ip}:${normalised}`;
  await hitRateLimit(db, limitKey, FAILURES_PER_MINUTE, 60);
  const user = await db.user.findUnique({ where: { email: normalised } });
  // Verify against a dummy hash when the user is unknown so both cases take the same time.
  const ok = await verifyPassword(password, user?.password_hash ?? DUMMY_HASH);
  if (!user || !ok)
    throw new ApiError({
      status: 422,
      message: "These credentials do not match our records.",
      errors: { email: ["These credentials do not match our records."] },
    });
  await undoHit(db, limitKey, 60);
  return user;
}

const DUMMY_HASH = "scrypt:AAAAAAAAAAAAAAAAAAAAAA:" + "A".repeat(86);

export function publicUser(user: { id: number; email: string; name: string }): UserView {
  return { id: user.id, email: user.email, name: user.name };
}
