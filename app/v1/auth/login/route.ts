import { clientIp } from "@/lib/api/rate-limit";
import { json } from "@/lib/api/respond";
import { publicRoute } from "@/lib/api/route";
import { publicUser, verifyLogin } from "@/lib/auth/login";
import { loginSchema } from "@/lib/auth/schemas";
import { createSession, SELLER_SESSION_COOKIE, sessionCookie, sessionOrigin } from "@/lib/auth/sessions";

/** Dashboard sign-in: sets the HttpOnly session cookie the seller routes accept. */
export const POST = publicRoute({ body: loginSchema, refuseCrossSite: true }, async ({ db, body, request }) => {
  const ip = clientIp(request);
  const user = await verifyLogin(db, ip, body);
  const { token, expires } = await createSession(db, user.id, null, sessionOrigin(request, ip));
  return json({ user: publicUser(user) }, 200, { "set-cookie": sessionCookie(SELLER_SESSION_COOKIE, token, expires, request) });
});
