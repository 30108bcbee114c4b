import { sellerRoute } from "@/lib/api/route";
import { currentSessionId, endOtherSessions, listSessions } from "@/lib/auth/account";

export const GET = sellerRoute({ permission: "account", sessionOnly: true }, async ({ db, caller, request }) =>
  listSessions(db, caller.user.id, currentSessionId(request, caller.user)),
);

/** "Sign out everywhere else": this session stays. */
export const DELETE = sellerRoute({ permission: "account", sessionOnly: true }, async ({ db, caller, request }) =>
  endOtherSessions(db, caller.user.id, currentSessionId(request, caller.user)),
);
