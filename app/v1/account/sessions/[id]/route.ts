import { textIdParams } from "@/lib/api/params";
import { sellerRoute } from "@/lib/api/route";
import { currentSessionId, revokeSession } from "@/lib/auth/account";

export const DELETE = sellerRoute(
  { permission: "account", sessionOnly: true, params: textIdParams("id", "Session") },
  async ({ db, caller, request, params }) => {
    currentSessionId(request, caller.user);
    return revokeSession(db, caller.user.id, params.id);
  },
);
