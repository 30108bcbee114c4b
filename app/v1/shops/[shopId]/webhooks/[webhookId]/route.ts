import { sellerRoute } from "@/lib/api/route";
import { deleteEndpoint, getEndpoint, updateEndpoint } from "@/lib/webhooks/endpoints";
import { webhookParams } from "@/lib/webhooks/params";
import { updateWebhookSchema } from "@/lib/webhooks/schemas";

export const GET = sellerRoute({ permission: "secrets:read", params: webhookParams }, async ({ db, caller, params }) =>
  getEndpoint(db, caller.shop.id, params.webhookId),
);

export const PUT = sellerRoute(
  { permission: "settings:write", params: webhookParams, body: updateWebhookSchema },
  async ({ db, caller, params, body }) => updateEndpoint(db, caller.shop.id, params.webhookId, body, caller.audit),
);

export const DELETE = sellerRoute({ permission: "settings:write", params: webhookParams }, async ({ db, caller, params }) =>
  deleteEndpoint(db, caller.shop.id, params.webhookId, caller.audit),
);
