import { json } from "@/lib/api/respond";
import { clientIp } from "@/lib/api/rate-limit";
import { publicRoute } from "@/lib/api/route";
import { requestPasswordReset } from "@/lib/auth/password-reset";
import { forgotPasswordSchema } from "@/lib/auth/schemas";

/** The dashboard's "Forgot password?": 202 for every address (lib/auth/password-reset.ts). */
export const POST = publicRoute({ body: forgotPasswordSchema, refuseCrossSite: true }, async ({ db, body, request }) =>
  json(await requestPasswordReset(db, body, { ip: clientIp(request), portal: false }), 202),
);
