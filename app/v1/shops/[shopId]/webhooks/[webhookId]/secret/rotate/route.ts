import { sellerRoute } from "@/lib/api/route";
import { rotateEndpointSecret } from "@/lib/webhooks/endpoints";
import { webhookParams } from "@/lib/webhooks/params";

export const POST = sellerRoute({ permission: "settings:write", params: webhookParams }, async ({ db, caller, params }) =>
  rotateEndpointSecret(db, caller.shop.id, params.webhookId, caller.audit),
);
