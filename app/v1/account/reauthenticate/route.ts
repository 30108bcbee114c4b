import { clientIp } from "@/lib/api/rate-limit";
import { sellerRoute } from "@/lib/api/route";
import { currentSessionId } from "@/lib/auth/account";
import { reauthenticate } from "@/lib/auth/reauth";
import { reauthenticateSchema } from "@/lib/auth/schemas";

/** The password again (and a code with two-factor sign-in on): this session may make sensitive changes for the next 10 minutes. */
export const POST = sellerRoute({ permission: "account", sessionOnly: true, body: reauthenticateSchema }, ({ db, caller, body, request }) =>
  reauthenticate(db, caller.user, currentSessionId(request, caller.user), clientIp(request), body),
);
