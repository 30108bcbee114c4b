import type { Db } from "../db";
import { ApiError, invalid } from "../api/errors";
import { env } from "../env";
import { checkPassword, requireSecondFactor, underLoginLimits } from "./login";
import type { SellerUser } from "./owned-shop";
import type { ReauthenticateInput, ReauthenticatedView } from "./schemas";

/**
 * Re-authentication (docs/accounts.md): a sensitive change made with a
 * dashboard session needs the password (and, with two-factor sign-in on, a
 * code) entered in that session within REAUTH_WINDOW_SECONDS (10 minutes):
 * at sign-in or by POST /v1/account/reauthenticate. A stolen cookie alone
 * cannot move the payouts, the processor's keys, the team or the API keys.
 * API keys are not asked: they have no sign-in to repeat, and a key is
 * itself the secret (the owner is still e-mailed of each such change).
 */

export const REAUTHENTICATION_REQUIRED = "reauthentication_required";

const windowMs = () => env().REAUTH_WINDOW_SECONDS * 1000;

export const reauthenticationRequired = () => {
  const message = "This change needs your password again: re-authenticate (POST /v1/account/reauthenticate), then retry.";
  return new ApiError({ status: 403, message, body: { message, error: REAUTHENTICATION_REQUIRED } });
};

/** Throws the 403 `reauthentication_required` unless the caller is a key or a recently re-authenticated session. */
export function requireRecentSignIn(user: Pick<SellerUser, "credential" | "reauthenticatedAt">, now = Date.now()): void {
  if (user.credential !== "session") return;
  const at = user.reauthenticatedAt?.getTime();
  if (at === undefined || now - at > windowMs()) throw reauthenticationRequired();
}

/**
 * POST /v1/account/reauthenticate: the password (and a code when two-factor
 * sign-in is on), under the sign-in limits: a wrong one counts as a failed
 * sign-in. Marks this session re-authenticated now.
 */
export async function reauthenticate(
  db: Db,
  user: Pick<SellerUser, "id" | "email">,
  sessionId: string,
  ip: string,
  input: ReauthenticateInput,
): Promise<ReauthenticatedView> {
  await underLoginLimits(db, ip, user.email, async () => {
    const account = await checkPassword(db, user.email, input.password, () => invalid("password", "The password is incorrect."));
    if (account.totp_secret) await requireSecondFactor(db, account, input.code);
  });
  const now = new Date();
  await db.session.updateMany({ where: { id: sessionId }, data: { reauthenticated_at: now } });
  return { message: "Confirmed.", reauthenticated_until: new Date(now.getTime() + windowMs()).toISOString() };
}
