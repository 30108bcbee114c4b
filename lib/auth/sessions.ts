import type { Db } from "../db";
import { randomToken, sha256 } from "../crypto/tokens";
import { ownedShop } from "./owned-shop";

export const SELLER_SESSION_COOKIE = "shopdesk_session";
export const RESELLER_SESSION_COOKIE = "shopdesk_reseller_session";
const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;

export async function createSession(db: Db, userId: number, resellerId: number | null = null) {
  const token = randomToken("");
  const expires = new Date(Date.now() + SESSION_TTL_MS);
  await db.session.create({ data: { id: sha256(token), user_id: userId, reseller_id: resellerId, expires_at: expires } });
  return { token, expires };
}

export async function destroySession(db: Db, token: string) {
  await db.session.deleteMany({ where: { id: sha256(token) } });
}

/** The live session of a cookie, with its user (and the shop a seller route names, see ownedShop) and reseller. */
export async function sessionFor(db: Db, token: string, shopId: number | null = null) {
  const session = await db.session.findUnique({
    where: { id: sha256(token) },
    include: { user: { include: ownedShop(shopId) }, reseller: true },
  });
  if (!session || session.expires_at.getTime() < Date.now()) return null;
  return session;
}

export function cookieValue(request: Request, name: string): string | null {
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

export function sessionCookie(name: string, token: string, expires: Date, request: Request): string {
  const secure = new URL(request.url).protocol === "https:" || request.headers.get("x-forwarded-proto") === "https";
  return `${name}=${token}; Path=/; HttpOnly; SameSite=Lax; Expires=${expires.toUTCString()}${secure ? "; Secure" : ""}`;
}

export function clearedCookie(name: string): string {
  return `${name}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * CSRF defence for cookie-authenticated requests: a state-changing request
 * must come from this origin. Browsers send Origin on every cross-origin and
 * every non-GET fetch, so a missing or foreign Origin is refused.
 */
export function passesOriginCheck(request: Request): boolean {
  if (SAFE_METHODS.has(request.method)) return true;
  const origin = request.headers.get("origin");
  if (!origin) return false;
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
