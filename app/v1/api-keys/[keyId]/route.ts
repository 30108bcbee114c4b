import { sellerRoute } from "@/lib/api/route";
import { revokeSellerApiKey } from "@/lib/auth/api-keys";
import { idParams } from "@/lib/api/params";

export const DELETE = sellerRoute(
  { permission: "account", sessionOnly: true, params: idParams("keyId", "API key") },
  ({ db, caller, params }) => revokeSellerApiKey(db, caller.user.id, params.keyId, caller.actor),
);
