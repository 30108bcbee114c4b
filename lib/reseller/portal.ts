import type { Db, PrismaClient } from "../db";
import { invalid } from "../api/errors";
import { changePassword } from "../auth/account";
import { signIn } from "../auth/login";
import type { ChangePasswordInput } from "../auth/schemas";
import { createSession, sessionFor, type SessionOrigin } from "../auth/sessions";
import { dynamicTokenOf } from "./credentials";
import type { PortalProfileView, ResellerLoginInput } from "./schemas";

/**
 * The reseller portal's session: sign-in picks one reseller membership of
 * the person (a session row with reseller_id), which every /v1/reseller
 * route then accepts like a reseller API key.
 */

const STATUS_REFUSALS: Record<string, string> = {
  pending: "Your application to resell for this shop is waiting for the seller's approval.",
  suspended: "Your reseller account for this shop is suspended.",
};

/**
 * Checks the password (and the second factor, when the account has it on:
 * the same rule as the dashboard's sign-in, lib/auth/login.ts), then
 * chooses the approved membership to sign in to; answers the new session,
 * or `twoFactorRequired` when the code is still to be sent.
 */
export async function resellerLogin(db: Db, ip: string, origin: SessionOrigin, input: ResellerLoginInput) {
  const outcome = await signIn(db, ip, input);
  if (outcome.twoFactorRequired) return { twoFactorRequired: true as const };
  const { user } = outcome;
  const memberships = await db.reseller.findMany({
    where: { user_id: user.id, ...(input.shop_id ? { shop_id: input.shop_id } : {}) },
    select: { id: true, status: true, shop: { select: { id: true, name: true } } },
    orderBy: { id: "asc" },
  });
  if (!memberships.length) {
    throw input.shop_id
      ? invalid("shop_id", "You are not a reseller of this shop.")
      : invalid("email", "This account is not a reseller of any shop.");
  }
  const approved = memberships.filter((membership) => membership.status === "approved");
  if (approved.length > 1) {
    const choices = approved.map((membership) => `${membership.shop.id} (${membership.shop.name})`).join(", ");
    throw invalid("shop_id", `You resell for several shops: enter the shop ID, one of ${choices}.`);
  }
  const chosen = approved[0];
  if (!chosen) throw invalid("email", STATUS_REFUSALS[memberships[0]!.status] ?? "This reseller account cannot sign in.");
  const session = await createSession(db, user.id, chosen.id, origin);
  return { twoFactorRequired: false as const, session, profile: await portalProfile(db, chosen.id) };
}

/** The person behind a portal session token, whatever the membership's status (for applying to another shop). */
export async function portalSessionUser(db: Db, token: string | null) {
  return token ? ((await sessionFor(db, token))?.user ?? null) : null;
}

/** GET /v1/reseller/me: who is signed in, for which shop, and the credentials' public parts. */
export async function portalProfile(db: Db, resellerId: number): Promise<PortalProfileView> {
  const reseller = await db.reseller.findUniqueOrThrow({
    where: { id: resellerId },
    include: { user: { select: { id: true, email: true, name: true } }, shop: { select: { id: true, name: true } } },
  });
  return {
    user: reseller.user,
    reseller: {
      id: reseller.id,
      status: reseller.status,
      shop: reseller.shop,
      api_key_prefix: reseller.api_key_prefix,
      dynamic_token: dynamicTokenOf(reseller),
      approved_at: reseller.approved_at?.toISOString() ?? null,
      created_at: reseller.created_at.toISOString(),
    },
  };
}

/**
 * PUT /v1/reseller/account/password: the person behind the portal session
 * changes their password as on the dashboard's account page (the current
 * one under the sign-in limits); every other session of the account ends.
 */
export async function changePortalPassword(
  client: PrismaClient,
  reseller: { user_id: number },
  sessionId: string,
  ip: string,
  input: ChangePasswordInput,
) {
  const user = await client.user.findUniqueOrThrow({ where: { id: reseller.user_id }, select: { id: true, email: true } });
  return changePassword(client, user, sessionId, ip, input);
}
