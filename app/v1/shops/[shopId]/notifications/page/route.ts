import { sellerEnvelope } from "@/lib/api/pagination";
import { sellerRoute } from "@/lib/api/route";
import { notificationsPage } from "@/lib/notifications/queries";
import { notificationsPageQuery } from "@/lib/notifications/schemas";

export const GET = sellerRoute({ permission: "shop:read", query: notificationsPageQuery }, async ({ request, db, caller, query }) => {
  const { data, total } = await notificationsPage(db, caller.shop.id, query);
  return sellerEnvelope(request, query, data, total);
});
