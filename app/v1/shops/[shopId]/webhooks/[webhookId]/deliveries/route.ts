import { sellerRoute } from "@/lib/api/route";
import { listDeliveries } from "@/lib/webhooks/deliveries";
import { webhookParams } from "@/lib/webhooks/params";
import { listDeliveriesQuery } from "@/lib/webhooks/schemas";

export const GET = sellerRoute(
  { permission: "secrets:read", params: webhookParams, query: listDeliveriesQuery },
  async ({ db, request, caller, params, query }) => listDeliveries(db, request, caller.shop.id, params.webhookId, query),
);
