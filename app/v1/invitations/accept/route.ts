import { clientIp } from "@/lib/api/rate-limit";
import { json } from "@/lib/api/respond";
import { publicRoute } from "@/lib/api/route";
import { signedInSeller } from "@/lib/auth/authenticate";
import { createSession, SELLER_SESSION_COOKIE, sessionCookie, sessionOrigin } from "@/lib/auth/sessions";
import { acceptInvitation } from "@/lib/members/members";
import { acceptInvitationBody } from "@/lib/members/schemas";

/**
 * Accepting an invitation: signed in, it adds the membership; otherwise it
 * makes the account and signs it in (sets the session cookie).
 */
export const POST = publicRoute({ body: acceptInvitationBody, refuseCrossSite: true }, async ({ db, body, request }) => {
  const signedIn = await signedInSeller(db, request);
  const accepted = await acceptInvitation(db, body, signedIn);
  if (signedIn) return json(accepted);
  const { token, expires } = await createSession(db, accepted.user.id, null, sessionOrigin(request, clientIp(request)));
  return json(accepted, 200, { "set-cookie": sessionCookie(SELLER_SESSION_COOKIE, token, expires, request) });
});
