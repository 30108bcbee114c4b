import { clientIp } from "@/lib/api/rate-limit";
import { json } from "@/lib/api/respond";
import { publicRoute } from "@/lib/api/route";
import { publicUser, verifyLogin } from "@/lib/auth/login";
import { loginSchema } from "@/lib/auth/schemas";
import { createSession, SELLER_SESSION_COOKIE, sessionCookie } from "@/lib/auth/sessions";

/** Dashboard sign-in: sets the HttpOnly session cookie the seller routes accept. */
export const POST = publicRoute({ body: loginSchema, refuseCrossSite: true }, async ({ db, body, request }) => {
  const user = await verifyLogin(db, clientIp(request), body);
  const { token, expires } = await createSession(db, user.id);
  return json({ user: publicUser(user) }, 200, { "set-cookie": sessionCookie(SELLER_SESSION_COOKIE, token, expires, request) });
});
