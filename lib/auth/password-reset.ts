import type { Db, PrismaClient } from "../db";
import { ApiError } from "../api/errors";
import { hitRateLimits } from "../api/rate-limit";
import { randomToken, sha256 } from "../crypto/tokens";
import { appUrl } from "../env";
import { renderNoAccountEmail, renderPasswordResetEmail, renderResellerInvitationEmail } from "../mail/account";
import type { MailShop } from "../mail/shop";
import { enqueueEmail } from "../outbox/enqueue";
import { clientGroup } from "./login";
import { hashPassword } from "./passwords";
import type { ForgotPasswordInput, PasswordResetRequestedView, ResetPasswordInput } from "./schemas";

/**
 * "Forgot password": a single-use link e-mailed to the account's address
 * sets a new password and ends every session of the account. The same link,
 * valid longer, gives an invited reseller their first password. Only the
 * token's hash is stored; spending it is one conditional UPDATE.
 */

export const RESET_LINK_LIFETIME_MS = 60 * 60_000;
/** An invitation waits for its reader longer than a reset they asked for a minute ago. */
export const INVITATION_LINK_LIFETIME_MS = 7 * 24 * 3600_000;
/** Requests one client (an IPv6 client: its /64) may make per ten minutes. */
export const FORGOT_LIMIT_PER_CLIENT = 10;
/** E-mails one mailbox may be sent per hour, whoever asks: the form cannot flood an inbox. */
export const FORGOT_LIMIT_PER_RECIPIENT = 3;

const ACCEPTED: PasswordResetRequestedView = {
  message: "If this address has an account, a link to set a new password is on its way. Check your inbox.",
};

/** Where the links lead: the dashboard's pages, or the reseller portal's. The token rides in the fragment, which no request carries. */
const pagePath = (portal: boolean, page: "forgot-password" | "reset-password") => `${portal ? "/reseller" : ""}/${page}`;
export const resetLink = (portal: boolean, token: string) => `${appUrl()}${pagePath(portal, "reset-password")}#token=${token}`;

async function newLink(db: Db, userId: number, lifetimeMs: number, portal: boolean) {
  const token = randomToken("pr_");
  const expiresAt = new Date(Date.now() + lifetimeMs);
  await db.passwordResetToken.create({ data: { user_id: userId, token_hash: sha256(token), expires_at: expiresAt } });
  return { link: resetLink(portal, token), expiresAt };
}

/**
 * POST /v1/auth/password/forgot and /v1/reseller/auth/password/forgot.
 * Always the same answer (202), so the form tells nobody whether an address
 * has an account. The address is sent one e-mail either way (the link, or a
 * note that no account uses it), so the work done, and the answer's timing,
 * is the same in both cases. Limited per client and per recipient (429).
 */
export async function requestPasswordReset(
  client: PrismaClient,
  { email }: ForgotPasswordInput,
  context: { ip: string; portal: boolean },
): Promise<PasswordResetRequestedView> {
  const limits = await hitRateLimits(client, [
    { key: `password-forgot:client:${clientGroup(context.ip)}`, limit: FORGOT_LIMIT_PER_CLIENT, windowSeconds: 600 },
    // hashed: the counters table need not hold addresses
    { key: `password-forgot:to:${sha256(email)}`, limit: FORGOT_LIMIT_PER_RECIPIENT, windowSeconds: 3600 },
  ]);
  limits.find((limit) => limit.over)?.refuse();
  await client.$transaction(async (tx) => {
    const user = await tx.user.findUnique({ where: { email }, select: { id: true } });
    const mail = user
      ? await renderPasswordResetEmail({ ...(await newLink(tx, user.id, RESET_LINK_LIFETIME_MS, context.portal)), portal: context.portal })
      : await renderNoAccountEmail({ email, formUrl: `${appUrl()}${pagePath(context.portal, "forgot-password")}`, portal: context.portal });
    await enqueueEmail(tx, { shopId: null, to: email, kind: "password_reset", ...mail });
    // links a day past their expiry are of no use to anyone
    await tx.passwordResetToken.deleteMany({ where: { expires_at: { lt: new Date(Date.now() - 86_400_000) } } });
  });
  return ACCEPTED;
}

/** A seller invited a person who had no account: their e-mail with the link that sets their first password (in the invitation's transaction). */
export async function sendResellerInvitation(tx: Db, userId: number, email: string, shop: MailShop) {
  const link = await newLink(tx, userId, INVITATION_LINK_LIFETIME_MS, true);
  const mail = await renderResellerInvitationEmail({ shop, ...link });
  await enqueueEmail(tx, { shopId: null, to: email, kind: "reseller_invitation", ...mail });
}

const linkRefused = () =>
  new ApiError({
    status: 422,
    message: "This link has expired or was already used. Ask for a new one with Forgot password.",
    errors: { token: ["This link has expired or was already used. Ask for a new one with Forgot password."] },
  });

/**
 * POST /v1/auth/password/reset (and the portal's): spends the link, sets
 * the password and ends every session of the account, in one transaction.
 * The link is checked before the new password is hashed (a guessed token
 * costs no hash) and spent by one conditional UPDATE after, so two uses at
 * once set the password once. Every other unused link of the account lapses
 * with it.
 */
export async function resetPassword(client: PrismaClient, { token, password }: ResetPasswordInput) {
  const tokenHash = sha256(token);
  const live = () => ({ token_hash: tokenHash, used_at: null, expires_at: { gt: new Date() } });
  if (!(await client.passwordResetToken.findFirst({ where: live(), select: { id: true } }))) throw linkRefused();
  const passwordHash = await hashPassword(password);
  await client.$transaction(async (tx) => {
    const now = new Date();
    const [spent] = await tx.passwordResetToken.updateManyAndReturn({ where: live(), data: { used_at: now }, select: { user_id: true } });
    if (!spent) throw linkRefused();
    await tx.user.update({ where: { id: spent.user_id }, data: { password_hash: passwordHash } });
    await tx.passwordResetToken.updateMany({ where: { user_id: spent.user_id, used_at: null }, data: { used_at: now } });
    await tx.session.deleteMany({ where: { user_id: spent.user_id } });
  });
  return { message: "Your password is set. Sign in with it." };
}
