import { json } from "@/lib/api/respond";
import { clientIp } from "@/lib/api/rate-limit";
import { publicRoute } from "@/lib/api/route";
import { RESELLER_SESSION_COOKIE, sessionToken } from "@/lib/auth/sessions";
import { applyToResell } from "@/lib/reseller/apply";
import { applySchema } from "@/lib/reseller/schemas";

/** 201: a pending reseller of the shop, for the seller to approve; 202: the address's mailbox goes on (lib/reseller/apply.ts). */
export const POST = publicRoute({ body: applySchema, refuseCrossSite: true }, async ({ db, request, body }) => {
  const answer = await applyToResell(db, { ip: clientIp(request), portalSession: sessionToken(request, RESELLER_SESSION_COOKIE) }, body);
  return json(answer.view, answer.status);
});
