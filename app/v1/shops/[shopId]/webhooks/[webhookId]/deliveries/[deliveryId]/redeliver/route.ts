import { created, sellerRoute } from "@/lib/api/route";
import { redeliver } from "@/lib/webhooks/deliveries";
import { deliveryParams } from "@/lib/webhooks/params";

export const POST = sellerRoute({ permission: "settings:write", params: deliveryParams }, async ({ db, caller, params }) =>
  created(await redeliver(db, caller.shop.id, params.webhookId, params.deliveryId)),
);
