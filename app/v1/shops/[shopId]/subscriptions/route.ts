import { sellerEnvelope } from "@/lib/api/pagination";
import { sellerRoute } from "@/lib/api/route";
import { listSubscriptions } from "@/lib/subscriptions/queries";
import { listSubscriptionsQuery } from "@/lib/subscriptions/schemas";

export const GET = sellerRoute({ permission: "invoices:read", query: listSubscriptionsQuery }, async ({ request, db, caller, query }) => {
  const { data, total } = await listSubscriptions(db, caller.shop.id, query);
  return sellerEnvelope(request, query, data, total);
});
