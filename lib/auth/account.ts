import type { Db, PrismaClient } from "../db";
import { ApiError, invalid, notFound } from "../api/errors";
import { sha256 } from "../crypto/tokens";
import { verifyLogin } from "./login";
import { hashPassword } from "./passwords";
import type { ChangePasswordInput, SessionListView } from "./schemas";
import { bearerToken } from "./api-keys";
import { idleLimitMs, RESELLER_SESSION_COOKIE, SELLER_SESSION_COOKIE, sessionCookieValue } from "./sessions";
import type { SellerUser } from "./owned-shop";

/**
 * The signed-in person's own account: their password and their sessions.
 * These routes take a dashboard session only: an API key is software acting
 * for the seller and may neither change the password nor end the seller's
 * sessions.
 */

/** The id (token hash) of the request's dashboard session; 403 for an API key. */
export function currentSessionId(request: Request, user: Pick<SellerUser, "credential">): string {
  const token = sessionCookieValue(request, SELLER_SESSION_COOKIE);
  if (user.credential !== "session" || !token) {
    throw new ApiError({ status: 403, message: "This needs a signed-in dashboard session: API keys cannot manage the account." });
  }
  return sha256(token);
}

/** The id (token hash) of the request's reseller portal session; 403 for a reseller API key. */
export function currentPortalSessionId(request: Request): string {
  const token = bearerToken(request) ? null : sessionCookieValue(request, RESELLER_SESSION_COOKIE);
  if (!token) {
    throw new ApiError({ status: 403, message: "This needs a signed-in portal session: API keys cannot manage the account." });
  }
  return sha256(token);
}

/**
 * PUT /v1/account/password (and the portal's PUT /v1/reseller/account/password): checks the current password (under the sign-in
 * limits, so a stolen session cannot guess it at leisure), sets the new one
 * and ends every other session of the account, the reseller portal's too.
 */
export async function changePassword(
  client: PrismaClient,
  user: Pick<SellerUser, "id" | "email">,
  sessionId: string,
  ip: string,
  input: ChangePasswordInput,
) {
  try {
    await verifyLogin(client, ip, { email: user.email, password: input.current_password });
  } catch (error) {
    if (error instanceof ApiError && error.status === 422) throw invalid("current_password", "The current password is incorrect.");
    throw error;
  }
  const passwordHash = await hashPassword(input.password);
  await client.$transaction(async (tx) => {
    await tx.user.update({ where: { id: user.id }, data: { password_hash: passwordHash } });
    await tx.session.deleteMany({ where: { user_id: user.id, id: { not: sessionId } } });
    // a reset link asked for before the change must not undo it
    await tx.passwordResetToken.updateMany({ where: { user_id: user.id, used_at: null }, data: { used_at: new Date() } });
  });
  return { message: "Password changed. Every other session is signed out." };
}

/** GET /v1/account/sessions: the live sessions of the account, newest first; `current` is this request's. */
export async function listSessions(db: Db, userId: number, sessionId: string): Promise<SessionListView> {
  const sessions = await db.session.findMany({
    where: { user_id: userId, expires_at: { gt: new Date() }, last_seen_at: { gt: new Date(Date.now() - idleLimitMs()) } },
    orderBy: [{ last_seen_at: "desc" }, { created_at: "desc" }],
  });
  return {
    data: sessions.map((session) => ({
      id: session.public_id,
      kind: session.reseller_id === null ? "dashboard" : "reseller_portal",
      created_at: session.created_at.toISOString(),
      last_seen_at: session.last_seen_at.toISOString(),
      expires_at: session.expires_at.toISOString(),
      ip: session.ip,
      user_agent: session.user_agent,
      current: session.id === sessionId,
    })),
  };
}

/** DELETE /v1/account/sessions/{id}: ends one session of the account (this one too: that is signing out). */
export async function revokeSession(db: Db, userId: number, publicId: string) {
  const { count } = await db.session.deleteMany({ where: { user_id: userId, public_id: publicId } });
  if (count === 0) throw notFound("Session");
  return { message: "Session deleted." };
}

/** DELETE /v1/account/sessions: "sign out everywhere else": every session of the account but this one. */
export async function endOtherSessions(db: Db, userId: number, sessionId: string) {
  const { count } = await db.session.deleteMany({ where: { user_id: userId, id: { not: sessionId } } });
  return { message: `${count} other session${count === 1 ? "" : "s"} signed out.` };
}
