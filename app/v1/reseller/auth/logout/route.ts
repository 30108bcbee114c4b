import { json } from "@/lib/api/respond";
import { publicRoute } from "@/lib/api/route";
import { clearedCookie, cookieValue, destroySession, RESELLER_SESSION_COOKIE } from "@/lib/auth/sessions";
import { refuseCrossOrigin } from "@/lib/reseller/portal";

export const POST = publicRoute({}, async ({ db, request }) => {
  refuseCrossOrigin(request);
  const token = cookieValue(request, RESELLER_SESSION_COOKIE);
  if (token) await destroySession(db, token);
  return json({ message: "Signed out." }, 200, { "set-cookie": clearedCookie(RESELLER_SESSION_COOKIE) });
});
