import { clientIp } from "@/lib/api/rate-limit";
import { resellerRoute } from "@/lib/api/route";
import { currentPortalSessionId } from "@/lib/auth/account";
import { changePasswordSchema } from "@/lib/auth/schemas";
import { changePortalPassword } from "@/lib/reseller/portal";

/** Portal session only; every other session of the account (the dashboard's too) ends. */
export const PUT = resellerRoute({ body: changePasswordSchema }, async ({ db, caller, body, request }) =>
  changePortalPassword(db, caller, currentPortalSessionId(request), clientIp(request), body),
);
