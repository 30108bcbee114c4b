import { clientIp } from "@/lib/api/rate-limit";
import { created, publicRoute } from "@/lib/api/route";
import { RESELLER_SESSION_COOKIE, sessionToken } from "@/lib/auth/sessions";
import { applyToResell } from "@/lib/reseller/apply";
import { applySchema } from "@/lib/reseller/schemas";

/** 201: a pending reseller of the shop; the seller approves it in the dashboard. */
export const POST = publicRoute({ body: applySchema, refuseCrossSite: true }, async ({ db, request, body }) =>
  created(await applyToResell(db, { ip: clientIp(request), portalSession: sessionToken(request, RESELLER_SESSION_COOKIE) }, body)),
);
