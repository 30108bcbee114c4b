import { clientIp } from "@/lib/api/rate-limit";
import { sellerRoute } from "@/lib/api/route";
import { currentSessionId } from "@/lib/auth/account";
import { disableTwoFactorSchema } from "@/lib/auth/schemas";
import { disableTwoFactor } from "@/lib/auth/two-factor";

/** The body's password and code are the re-authentication (checked under the sign-in limits), so the wrapper asks none. */
export const POST = sellerRoute(
  { permission: "account", sessionOnly: true, body: disableTwoFactorSchema, notify: () => "Two-factor sign-in was turned off." },
  ({ db, caller, body, request }) => disableTwoFactor(db, caller.user, currentSessionId(request, caller.user), clientIp(request), body),
);
