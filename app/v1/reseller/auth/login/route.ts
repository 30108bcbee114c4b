import { clientIp } from "@/lib/api/rate-limit";
import { json } from "@/lib/api/respond";
import { publicRoute } from "@/lib/api/route";
import { RESELLER_SESSION_COOKIE, sessionCookie, sessionOrigin } from "@/lib/auth/sessions";
import { resellerLogin } from "@/lib/reseller/portal";
import { resellerLoginSchema } from "@/lib/reseller/schemas";

/** Portal sign-in: sets the HttpOnly reseller session cookie the /v1/reseller routes accept (after the second factor, when on). */
export const POST = publicRoute({ body: resellerLoginSchema, refuseCrossSite: true }, async ({ db, body, request }) => {
  const ip = clientIp(request);
  const outcome = await resellerLogin(db, ip, sessionOrigin(request, ip), body);
  if (outcome.twoFactorRequired) return json({ two_factor_required: true });
  return json(outcome.profile, 200, {
    "set-cookie": sessionCookie(RESELLER_SESSION_COOKIE, outcome.session.token, outcome.session.expires, request),
  });
});
