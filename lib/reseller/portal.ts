import type { Db } from "../db";
import { ApiError, invalid } from "../api/errors";
import { verifyLogin } from "../auth/login";
import { cookieValue, createSession, passesOriginCheck, RESELLER_SESSION_COOKIE, sessionFor } from "../auth/sessions";
import type { ResellerLoginInput } from "./schemas";

/**
 * The reseller portal's session: sign-in picks one reseller membership of
 * the person (a session row with reseller_id), which every /v1/reseller
 * route then accepts like a reseller API key.
 */

/**
 * CSRF defence of the portal's credential routes (sign-in, sign-out,
 * application): a browser always sends Origin on a POST, so a foreign one
 * is refused; API clients send none.
 */
export function refuseCrossOrigin(request: Request): void {
  if (request.headers.get("origin") !== null && !passesOriginCheck(request)) {
    throw new ApiError({ status: 403, message: "Cross-origin request refused." });
  }
}

const STATUS_REFUSALS: Record<string, string> = {
  pending: "Your application to resell for this shop is waiting for the seller's approval.",
  suspended: "Your reseller account for this shop is suspended.",
};

/** Checks the password, then chooses the approved membership to sign in to; answers the new session. */
export async function resellerLogin(db: Db, request: Request, input: ResellerLoginInput) {
  refuseCrossOrigin(request);
  const user = await verifyLogin(db, request, input);
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
  const session = await createSession(db, user.id, chosen.id);
  return { session, profile: await portalProfile(db, chosen.id) };
}

/** The person behind a portal session cookie, whatever the membership's status (for applying to another shop). */
export async function portalSessionUser(db: Db, request: Request) {
  const cookie = cookieValue(request, RESELLER_SESSION_COOKIE);
  if (!cookie || !passesOriginCheck(request)) return null;
  return (await sessionFor(db, cookie))?.user ?? null;
}

/** GET /v1/reseller/me: who is signed in, for which shop, and the credentials' public parts. */
export async function portalProfile(db: Db, resellerId: number) {
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
      dynamic_token: reseller.dynamic_token,
      approved_at: reseller.approved_at?.toISOString() ?? null,
      created_at: reseller.created_at.toISOString(),
    },
  };
}
