import { clientIp } from "@/lib/api/rate-limit";
import { sellerRoute } from "@/lib/api/route";
import { changePassword, currentSessionId } from "@/lib/auth/account";
import { changePasswordSchema } from "@/lib/auth/schemas";

/** Dashboard session only; every other session of the account ends. */
export const PUT = sellerRoute(
  { permission: "account", sessionOnly: true, body: changePasswordSchema },
  async ({ db, body, caller, request }) => changePassword(db, caller.user, currentSessionId(request, caller.user), clientIp(request), body),
);
