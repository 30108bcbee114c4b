import type { Db } from "../db";
import { ApiError } from "../api/errors";
import { forwardedOf, requestOrigin } from "../api/forwarded";
import { env } from "../env";
import { randomId, randomToken, sha256 } from "../crypto/tokens";
import { ownedShop } from "./owned-shop";

export const SELLER_SESSION_COOKIE = "shopdesk_session";
export const RESELLER_SESSION_COOKIE = "shopdesk_reseller_session";
const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;
/** How often last_seen_at is written: a busy page must not write on every request. */
const LAST_SEEN_RESOLUTION_MS = 60_000;

export const idleLimitMs = () => env().SESSION_IDLE_HOURS * 3600_000;
/** A minute, or a tenth of the idle limit when that is shorter (a test's), so the write never decides the limit. */
const lastSeenResolutionMs = () => Math.min(LAST_SEEN_RESOLUTION_MS, idleLimitMs() / 10);

/** Where a session was opened from, shown in the account's session list. */
export type SessionOrigin = { ip: string | null; userAgent: string | null };

export function sessionOrigin(request: Request, ip: string): SessionOrigin {
  return { ip, userAgent: request.headers.get("user-agent")?.slice(0, 500) ?? null };
}

/** A session is made when its person has just entered their password: it starts re-authenticated (lib/auth/reauth.ts). */
export async function createSession(db: Db, userId: number, resellerId: number | null, origin: SessionOrigin) {
  const token = randomToken("");
  const expires = new Date(Date.now() + SESSION_TTL_MS);
  await db.session.create({
    data: {
      id: sha256(token),
      public_id: randomId(),
      user_id: userId,
      reseller_id: resellerId,
      expires_at: expires,
      ip: origin.ip,
      user_agent: origin.userAgent,
      reauthenticated_at: new Date(),
    },
  });
  return { token, expires };
}

export async function destroySession(db: Db, token: string) {
  await db.session.deleteMany({ where: { id: sha256(token) } });
}

/**
 * The live session of a cookie, with its user (and the shop a seller route
 * names, see ownedShop) and reseller. A session ends at its absolute expiry
 * or after SESSION_IDLE_HOURS without a request, whichever comes first.
 */
export async function sessionFor(db: Db, token: string, shopId: number | null = null) {
  const session = await db.session.findUnique({
    where: { id: sha256(token) },
    // a reseller of a deleted (archived) shop is no reseller
    include: { user: { include: ownedShop(shopId) }, reseller: { include: { shop: { select: { deleted_at: true } } } } },
  });
  const now = Date.now();
  if (!session || session.expires_at.getTime() < now || now - session.last_seen_at.getTime() > idleLimitMs()) return null;
  if (now - session.last_seen_at.getTime() > lastSeenResolutionMs()) {
    await db.session.updateMany({ where: { id: session.id }, data: { last_seen_at: new Date(now) } });
  }
  return session;
}

function cookieValue(request: Request, name: string): string | null {
  const header = request.headers.get("cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key !== name) continue;
    try {
      return decodeURIComponent(rest.join("="));
    } catch {
      return null; // a value that does not decode is no session
    }
  }
  return null;
}

/** Over TLS: the request came over https (through trusted proxies) or the public address is https. */
function servedOverTls(request: Request): boolean {
  return forwardedOf(request).proto === "https" || env().APP_URL?.startsWith("https:") === true;
}

/**
 * The session cookie's name for this request. Over TLS it is `__Host-`
 * prefixed: a browser then stores it only when it is Secure, for Path=/ and
 * with no Domain, so a sibling host (a storefront under the same parent
 * domain, say) can neither plant a session of its choosing nor overwrite
 * this one, and the plain name is not read there. Over plain http (a
 * machine of one's own) the prefix cannot be used, and the plain name is.
 */
export function sessionCookieName(name: string, request: Request): string {
  return servedOverTls(request) ? `__Host-${name}` : name;
}

/** The session token the request's cookie carries, under this request's cookie name (see sessionCookieName). */
export function sessionCookieValue(request: Request, name: string): string | null {
  return cookieValue(request, sessionCookieName(name, request));
}

export function sessionCookie(name: string, token: string, expires: Date, request: Request): string {
  const secure = servedOverTls(request);
  return `${sessionCookieName(name, request)}=${token}; Path=/; HttpOnly; SameSite=Lax; Expires=${expires.toUTCString()}${secure ? "; Secure" : ""}`;
}

export function clearedCookie(name: string, request: Request): string {
  const secure = servedOverTls(request);
  return `${sessionCookieName(name, request)}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure ? "; Secure" : ""}`;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The origin the request was made to (resolved through trusted proxies), or APP_URL's. */
function isOwnOrigin(request: Request, origin: string): boolean {
  const own = [requestOrigin(request), env().APP_URL].flatMap((url) => (url ? [URL.parse(url)?.origin] : []));
  const claimed = URL.parse(origin)?.origin;
  return claimed !== undefined && claimed !== "null" && own.includes(claimed);
}

/**
 * CSRF defence for cookie-authenticated requests. A request that changes
 * state (any method but GET, HEAD and OPTIONS, or a GET its route declares
 * state-changing) must come from this origin: its Origin names it, or, where
 * a browser sends no Origin (a same-origin GET), its Fetch Metadata says
 * `Sec-Fetch-Site: same-origin`. A page cannot forge either header.
 */
export function passesOriginCheck(request: Request, stateChangingGet = false): boolean {
  if (!stateChangingGet && SAFE_METHODS.has(request.method)) return true;
  const origin = request.headers.get("origin");
  if (origin !== null) return isOwnOrigin(request, origin);
  return request.headers.get("sec-fetch-site") === "same-origin";
}

/** The session cookie's token when it may authenticate this request (see passesOriginCheck). */
export function sessionToken(request: Request, name: string, stateChangingGet = false): string | null {
  const token = sessionCookieValue(request, name);
  return token && passesOriginCheck(request, stateChangingGet) ? token : null;
}

/**
 * Login CSRF: sign-in, sign-out and applications refuse (403) a browser
 * request from another site, cookie or not. API clients send neither Origin
 * nor Fetch Metadata and pass.
 */
export function refuseCrossSite(request: Request): void {
  const origin = request.headers.get("origin");
  const site = request.headers.get("sec-fetch-site");
  if ((origin !== null && !isOwnOrigin(request, origin)) || site === "cross-site" || site === "same-site") {
    throw new ApiError({ status: 403, message: "Cross-origin request refused." });
  }
}
