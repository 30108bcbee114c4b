import { created, sellerRoute } from "@/lib/api/route";
import { createEndpoint, listEndpoints } from "@/lib/webhooks/endpoints";
import { createWebhookSchema } from "@/lib/webhooks/schemas";

export const GET = sellerRoute({}, async ({ db, caller }) => listEndpoints(db, caller.shop.id));

export const POST = sellerRoute({ body: createWebhookSchema }, async ({ db, caller, body }) =>
  created(await createEndpoint(db, caller.shop.id, body)),
);
