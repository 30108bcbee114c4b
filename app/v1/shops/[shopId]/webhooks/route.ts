import { created, sellerRoute } from "@/lib/api/route";
import { createEndpoint, listEndpoints } from "@/lib/webhooks/endpoints";
import { createWebhookSchema } from "@/lib/webhooks/schemas";

export const GET = sellerRoute({ permission: "secrets:read" }, async ({ db, caller }) => listEndpoints(db, caller.shop.id));

export const POST = sellerRoute({ permission: "settings:write", body: createWebhookSchema }, async ({ db, caller, body }) =>
  created(await createEndpoint(db, caller.shop.id, body, caller.audit)),
);
