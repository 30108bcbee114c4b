import type { Db } from "../db";
import { unauthenticated } from "../api/errors";
import { bearerToken, resellerForKey, userForSellerKey } from "./api-keys";
import { memberShops, type SellerUser } from "./owned-shop";
import { RESELLER_SESSION_COOKIE, SELLER_SESSION_COOKIE, sessionFor, sessionToken } from "./sessions";

/**
 * A seller is a user holding a seller API key (Bearer) or a dashboard
 * session cookie. A Bearer header that is present but wrong is 401 even when
 * a cookie is also sent: the caller meant the key. `shopId`: the shop the
 * route names; the user's `shops` holds it when they are a member of it.
 * `stateChangingGet`: the route's GET changes state (see passesOriginCheck).
 */
export async function authenticateSeller(db: Db, request: Request, shopId: number | null, stateChangingGet = false): Promise<SellerUser> {
  const token = bearerToken(request);
  if (token) {
    const user = await userForSellerKey(db, token, shopId);
    if (!user) throw unauthenticated();
    return user;
  }
  const cookie = sessionToken(request, SELLER_SESSION_COOKIE, stateChangingGet);
  if (cookie) {
    const session = await sessionFor(db, cookie, shopId);
    if (session && session.reseller_id === null) {
      const { id, email, name, memberships } = session.user;
      return {
        id,
        email,
        name,
        shops: memberShops(memberships),
        credential: "session",
        scope: "write",
        shopIds: null,
        reauthenticatedAt: session.reauthenticated_at,
        apiKey: null,
      };
    }
  }
  throw unauthenticated();
}

/** A reseller: a reseller API key, or a reseller portal session; approved resellers only. */
export async function authenticateReseller(db: Db, request: Request, stateChangingGet = false) {
  const token = bearerToken(request);
  if (token) {
    const reseller = await resellerForKey(db, token);
    if (!reseller) throw unauthenticated();
    return reseller;
  }
  const cookie = sessionToken(request, RESELLER_SESSION_COOKIE, stateChangingGet);
  if (cookie) {
    const session = await sessionFor(db, cookie);
    if (session?.reseller && session.reseller.status === "approved" && session.reseller.shop.deleted_at === null) {
      const { shop: _shop, ...reseller } = session.reseller;
      return reseller;
    }
  }
  throw unauthenticated();
}

/** The seller signed in by this request's session cookie, or null (a page that works both ways: accepting an invitation). */
export async function signedInSeller(db: Db, request: Request) {
  const cookie = sessionToken(request, SELLER_SESSION_COOKIE);
  const session = cookie ? await sessionFor(db, cookie) : null;
  if (!session || session.reseller_id !== null) return null;
  const { id, email, name } = session.user;
  return { id, email, name };
}
