import { json } from "@/lib/api/respond";
import { publicRoute } from "@/lib/api/route";
import { clearedCookie, sessionCookieValue, destroySession, SELLER_SESSION_COOKIE } from "@/lib/auth/sessions";

export const POST = publicRoute({ refuseCrossSite: true }, async ({ db, request }) => {
  const token = sessionCookieValue(request, SELLER_SESSION_COOKIE);
  if (token) await destroySession(db, token);
  return json({ message: "Signed out." }, 200, { "set-cookie": clearedCookie(SELLER_SESSION_COOKIE, request) });
});
