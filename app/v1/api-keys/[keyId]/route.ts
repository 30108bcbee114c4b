import { sellerRoute } from "@/lib/api/route";
import { revokeSellerApiKey } from "@/lib/auth/api-keys";
import { idParams } from "@/lib/api/params";

/** A recent sign-in is needed, and the account is e-mailed. */
export const DELETE = sellerRoute(
  {
    permission: "account",
    sessionOnly: true,
    params: idParams("keyId", "API key"),
    reauth: true,
    notify: ({ params }) => `API key #${String(params.keyId)} was revoked.`,
  },
  ({ db, caller, params }) => revokeSellerApiKey(db, caller.user.id, params.keyId, caller.actor),
);
