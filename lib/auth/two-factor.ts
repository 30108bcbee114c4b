import type { Db, PrismaClient } from "../db";
import { invalid, stateConflict } from "../api/errors";
import { decryptSecret, encryptSecret } from "../crypto/secrets";
import { checkPassword, requireSecondFactor, underLoginLimits } from "./login";
import type { DisableTwoFactorInput, RecoveryCodesView, TwoFactorSetupView, TwoFactorStatusView } from "./schemas";
import { newRecoveryCodes, newTotpSecret, otpauthUrl, recoveryCodeHash, totpStep } from "./totp";

/**
 * Two-factor sign-in of an account (docs/accounts.md): set up a secret,
 * enable it with a code of the app (which answers the recovery codes, once),
 * disable it with the password and a code. The sign-in's side is in
 * lib/auth/login.ts, the codes in lib/auth/totp.ts.
 */

/** GET /v1/account/2fa. */
export async function twoFactorStatus(db: Db, userId: number): Promise<TwoFactorStatusView> {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { totp_secret: true, totp_enabled_at: true } });
  const left = user.totp_secret ? await db.recoveryCode.count({ where: { user_id: userId, used_at: null } }) : 0;
  return { enabled: user.totp_secret !== null, enabled_at: user.totp_enabled_at?.toISOString() ?? null, recovery_codes_left: left };
}

const alreadyOn = () => stateConflict("Two-factor sign-in is already on. Turn it off first to move it to another app.");

/**
 * POST /v1/account/2fa/setup: a new secret, kept pending (encrypted) until a
 * code of it enables it; a second setup replaces the first.
 */
export async function setupTwoFactor(db: Db, user: { id: number; email: string }): Promise<TwoFactorSetupView> {
  const secret = newTotpSecret();
  const { count } = await db.user.updateMany({
    where: { id: user.id, totp_secret: null },
    data: { totp_pending_secret: encryptSecret(secret) },
  });
  if (count === 0) throw alreadyOn();
  return { secret, otpauth_url: otpauthUrl(secret, user.email) };
}

/**
 * POST /v1/account/2fa/enable: the pending secret becomes the account's once
 * a code of it is right (its step is recorded: it cannot sign in later), and
 * ten new recovery codes replace any old ones. Only their hashes are kept.
 */
export async function enableTwoFactor(client: PrismaClient, userId: number, code: string): Promise<RecoveryCodesView> {
  const user = await client.user.findUniqueOrThrow({ where: { id: userId }, select: { totp_secret: true, totp_pending_secret: true } });
  if (user.totp_secret) throw alreadyOn();
  if (!user.totp_pending_secret) throw invalid("code", "Set up two-factor sign-in first: scan a new QR code.");
  const step = totpStep(decryptSecret(user.totp_pending_secret), code);
  if (step === null) throw invalid("code", "The code is not valid. Enter the 6 digits your app shows now.");
  const codes = newRecoveryCodes();
  await client.$transaction(async (tx) => {
    // the secret the code was checked against, still pending: a concurrent setup or enable makes this one fail
    const { count } = await tx.user.updateMany({
      where: { id: userId, totp_secret: null, totp_pending_secret: user.totp_pending_secret },
      data: { totp_secret: user.totp_pending_secret, totp_pending_secret: null, totp_enabled_at: new Date(), totp_last_step: step },
    });
    if (count !== 1) throw stateConflict("Two-factor sign-in changed meanwhile. Set it up again.");
    await tx.recoveryCode.deleteMany({ where: { user_id: userId } });
    await tx.recoveryCode.createMany({ data: codes.map((code) => ({ user_id: userId, code_hash: recoveryCodeHash(code) })) });
  });
  return { recovery_codes: codes };
}

/**
 * POST /v1/account/2fa/disable: the password and a code (the app's or a
 * recovery code), both under the sign-in limits, so a stolen session cannot
 * guess them at leisure. The request proves a fresh sign-in by itself, so
 * it also counts as the session's re-authentication.
 */
export async function disableTwoFactor(
  client: PrismaClient,
  user: { id: number; email: string },
  sessionId: string,
  ip: string,
  input: DisableTwoFactorInput,
) {
  await underLoginLimits(client, ip, user.email, async () => {
    const account = await checkPassword(client, user.email, input.password, () => invalid("password", "The password is incorrect."));
    if (!account.totp_secret) throw stateConflict("Two-factor sign-in is not on.");
    await requireSecondFactor(client, account, input.code);
  });
  await client.$transaction(async (tx) => {
    await tx.user.update({
      where: { id: user.id },
      data: { totp_secret: null, totp_pending_secret: null, totp_enabled_at: null, totp_last_step: null },
    });
    await tx.recoveryCode.deleteMany({ where: { user_id: user.id } });
    await tx.session.updateMany({ where: { id: sessionId }, data: { reauthenticated_at: new Date() } });
  });
  return { message: "Two-factor sign-in is off." };
}
