import { clientIp } from "@/lib/api/rate-limit";
import { json } from "@/lib/api/respond";
import { publicRoute } from "@/lib/api/route";
import { publicUser, signIn } from "@/lib/auth/login";
import { loginSchema } from "@/lib/auth/schemas";
import { createSession, SELLER_SESSION_COOKIE, sessionCookie, sessionOrigin } from "@/lib/auth/sessions";

/**
 * Dashboard sign-in: sets the HttpOnly session cookie the seller routes
 * accept. With two-factor sign-in on, the first answer is
 * `{two_factor_required: true}` (no session) until the request comes again with `code`.
 */
export const POST = publicRoute({ body: loginSchema, refuseCrossSite: true }, async ({ db, body, request }) => {
  const ip = clientIp(request);
  const outcome = await signIn(db, ip, body);
  if (outcome.twoFactorRequired) return json({ two_factor_required: true });
  const { token, expires } = await createSession(db, outcome.user.id, null, sessionOrigin(request, ip));
  return json({ user: publicUser(outcome.user) }, 200, { "set-cookie": sessionCookie(SELLER_SESSION_COOKIE, token, expires, request) });
});
