import { idParams } from "@/lib/api/params";
import { sellerRoute } from "@/lib/api/route";
import { cancelSubscription } from "@/lib/subscriptions/cancel";
import { cancelSubscriptionSchema } from "@/lib/subscriptions/schemas";

export const POST = sellerRoute(
  { permission: "invoices:write", params: idParams("subscriptionId", "Subscription"), body: cancelSubscriptionSchema },
  async ({ db, caller, params, body }) => cancelSubscription(db, caller.shop.id, params.subscriptionId, body),
);
