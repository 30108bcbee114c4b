import ipaddr from "ipaddr.js";
import type { Db } from "../db";
import { ApiError } from "../api/errors";
import { hitRateLimits, undoHit } from "../api/rate-limit";
import { sha256 } from "../crypto/tokens";
import { hashPassword, verifyPassword } from "./passwords";
import type { LoginInput, UserView } from "./schemas";

/**
 * Sign-in limits, on failed attempts only (a successful sign-in takes its
 * hit back): per account, whatever address the attempts come from, so
 * rotating addresses cannot guess one password; and per client, so one
 * client cannot spray a few guesses at every account. An IPv6 client is its
 * /64, which one subscriber usually holds whole. Both are checked before any
 * hash is computed: a refused attempt costs no CPU.
 */
export const LOGIN_FAILURES_PER_ACCOUNT = 10;
export const LOGIN_FAILURES_PER_CLIENT = 100;
const LOGIN_WINDOW_SECONDS = 600;

/** The client a limit counts: an IPv4 address (an IPv4-mapped IPv6 one too), or an IPv6 address's /64. */
export function clientGroup(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const parsed = ipaddr.process(ip);
  if (parsed.kind() === "ipv4") return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((part) => part.toString(16)).join(":")}::/64`;
}

const refused = () =>
  new ApiError({
    status: 422,
    message: "These credentials do not match our records.",
    errors: { email: ["These credentials do not match our records."] },
  });

/**
 * Checks email and password under the limits above; `ip` is the client's
 * (see clientIp). A hash made with lower parameters than today's is
 * replaced by one of today's on the way (lib/auth/passwords.ts).
 */
export async function verifyLogin(db: Db, ip: string, { email, password }: LoginInput) {
  const normalised = email.toLowerCase();
  const limits = [
    // hashed: the counters table need not hold addresses
    { key: `login:account:${sha256(normalised)}`, limit: LOGIN_FAILURES_PER_ACCOUNT, windowSeconds: LOGIN_WINDOW_SECONDS },
    { key: `login:client:${clientGroup(ip)}`, limit: LOGIN_FAILURES_PER_CLIENT, windowSeconds: LOGIN_WINDOW_SECONDS },
  ];
  const counted = await hitRateLimits(db, limits);
  counted.find((limit) => limit.over)?.refuse();
  const user = await db.user.findUnique({ where: { email: normalised } });
  const { ok, rehash } = await verifyPassword(password, user?.password_hash ?? null);
  if (!user || !ok) throw refused();
  for (const limit of limits) await undoHit(db, limit.key, limit.windowSeconds);
  if (rehash) {
    const upgraded = await hashPassword(password);
    // only if nobody changed the password meanwhile
    await db.user.updateMany({ where: { id: user.id, password_hash: user.password_hash }, data: { password_hash: upgraded } });
  }
  return user;
}

export function publicUser(user: { id: number; email: string; name: string }): UserView {
  return { id: user.id, email: user.email, name: user.name };
}
