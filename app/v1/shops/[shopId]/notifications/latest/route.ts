import { sellerRoute } from "@/lib/api/route";
import { latestNotifications } from "@/lib/notifications/queries";

export const GET = sellerRoute({ permission: "shop:read" }, async ({ db, caller }) => latestNotifications(db, caller.shop.id));
