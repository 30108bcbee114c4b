import { json } from "@/lib/api/respond";
import { publicRoute } from "@/lib/api/route";
import { clearedCookie, sessionCookieValue, destroySession, RESELLER_SESSION_COOKIE } from "@/lib/auth/sessions";

export const POST = publicRoute({ refuseCrossSite: true }, async ({ db, request }) => {
  const token = sessionCookieValue(request, RESELLER_SESSION_COOKIE);
  if (token) await destroySession(db, token);
  return json({ message: "Signed out." }, 200, { "set-cookie": clearedCookie(RESELLER_SESSION_COOKIE, request) });
});
