import { created, sellerRoute } from "@/lib/api/route";
import { sendTestEvent } from "@/lib/webhooks/deliveries";
import { webhookParams } from "@/lib/webhooks/params";
import { testWebhookSchema } from "@/lib/webhooks/schemas";

export const POST = sellerRoute(
  { permission: "settings:write", params: webhookParams, body: testWebhookSchema },
  async ({ db, caller, params, body }) => created(await sendTestEvent(db, caller.shop.id, params.webhookId, body)),
);
