import ipaddr from "ipaddr.js";
import type { Db } from "../db";
import { ApiError, invalid } from "../api/errors";
import { hitRateLimits, undoHit } from "../api/rate-limit";
import { sha256 } from "../crypto/tokens";
import type { User } from "../generated/prisma/client";
import { hashPassword, verifyPassword } from "./passwords";
import type { LoginInput, UserView } from "./schemas";
import { spendSecondFactor } from "./totp";

/**
 * Sign-in limits, on failed attempts only (a successful sign-in takes its
 * hit back): per account, whatever address the attempts come from, so
 * rotating addresses cannot guess one password; and per client, so one
 * client cannot spray a few guesses at every account. An IPv6 client is its
 * /64, which one subscriber usually holds whole. Both are checked before any
 * hash is computed: a refused attempt costs no CPU. A wrong two-factor code
 * is a failed attempt too.
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
 * Runs `attempt` under the limits above; `ip` is the client's (see
 * clientIp). An attempt that throws stays counted as a failure; one that
 * returns takes its hit back.
 */
export async function underLoginLimits<T>(db: Db, ip: string, email: string, attempt: () => Promise<T>): Promise<T> {
  const limits = [
    // hashed: the counters table need not hold addresses
    { key: accountLimitKey(email), limit: LOGIN_FAILURES_PER_ACCOUNT, windowSeconds: LOGIN_WINDOW_SECONDS },
    { key: clientLimitKey(clientGroup(ip)), limit: LOGIN_FAILURES_PER_CLIENT, windowSeconds: LOGIN_WINDOW_SECONDS },
  ];
  const counted = await hitRateLimits(db, limits);
  counted.find((limit) => limit.over)?.refuse();
  const result = await attempt();
  for (const limit of limits) await undoHit(db, limit.key, limit.windowSeconds);
  return result;
}

/**
 * Takes back the failure the limits counted for a check that turned out to
 * be the owner's own: an application's password, checked against an address
 * before its mailbox confirmed it (lib/reseller/apply.ts). `client` is the
 * clientGroup the check came from.
 */
export async function forgiveSignInFailure(db: Db, email: string, client: string) {
  await undoHit(db, accountLimitKey(email), LOGIN_WINDOW_SECONDS);
  await undoHit(db, clientLimitKey(client), LOGIN_WINDOW_SECONDS);
}

const accountLimitKey = (email: string) => `login:account:${sha256(email.toLowerCase())}`;
const clientLimitKey = (client: string) => `login:client:${client}`;

/**
 * The user whose password this is, or `refusal`. A hash made with lower
 * parameters than today's is replaced by one of today's on the way
 * (lib/auth/passwords.ts). Call it under underLoginLimits.
 */
export async function checkPassword(db: Db, email: string, password: string, refusal: () => ApiError = refused): Promise<User> {
  const user = await db.user.findUnique({ where: { email: email.toLowerCase() } });
  const { ok, rehash } = await verifyPassword(password, user?.password_hash ?? null);
  if (!user || !ok) throw refusal();
  if (rehash) {
    const upgraded = await hashPassword(password);
    // only if nobody changed the password meanwhile
    await db.user.updateMany({ where: { id: user.id, password_hash: user.password_hash }, data: { password_hash: upgraded } });
  }
  return user;
}

/** Checks email and password under the limits (no second factor: a password change's current password). */
export async function verifyLogin(db: Db, ip: string, { email, password }: Pick<LoginInput, "email" | "password">) {
  return underLoginLimits(db, ip, email, () => checkPassword(db, email, password));
}

/**
 * A second-factor code of a user with two-factor sign-in on, as the sign-in
 * and the re-authentication take it (TOTP or a recovery code, which is
 * spent); 422 on `field` otherwise.
 */
export async function requireSecondFactor(db: Db, user: Pick<User, "id" | "totp_secret">, code: string | undefined, field = "code") {
  if (!code) throw invalid(field, "Enter the 6-digit code of your authenticator app, or a recovery code.");
  const outcome = await spendSecondFactor(db, user, code);
  if (outcome === "replayed") throw invalid(field, "This code was already used. Wait for your app's next code.");
  if (outcome === "wrong") throw invalid(field, "The code is not valid.");
  return outcome;
}

export type SignInOutcome = { user: User; twoFactorRequired: false } | { user: null; twoFactorRequired: true };

/**
 * The dashboard's and the portal's sign-in: the password, then, when the
 * account has two-factor sign-in on, a code. Without `code` the answer is
 * "two factors required" (the password was right, so not a failure); a
 * wrong code is a failure and stays counted.
 */
export async function signIn(db: Db, ip: string, input: LoginInput): Promise<SignInOutcome> {
  return underLoginLimits(db, ip, input.email, async (): Promise<SignInOutcome> => {
    const user = await checkPassword(db, input.email, input.password);
    if (!user.totp_secret) return { user, twoFactorRequired: false };
    if (!input.code) return { user: null, twoFactorRequired: true };
    await requireSecondFactor(db, user, input.code);
    return { user, twoFactorRequired: false };
  });
}

export function publicUser(user: { id: number; email: string; name: string }): UserView {
  return { id: user.id, email: user.email, name: user.name };
}
