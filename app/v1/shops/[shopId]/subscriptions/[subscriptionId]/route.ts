import { idParams } from "@/lib/api/params";
import { sellerRoute } from "@/lib/api/route";
import { getSubscription } from "@/lib/subscriptions/queries";

export const GET = sellerRoute(
  { permission: "invoices:read", params: idParams("subscriptionId", "Subscription") },
  async ({ db, caller, params }) => getSubscription(db, caller.shop.id, params.subscriptionId),
);
