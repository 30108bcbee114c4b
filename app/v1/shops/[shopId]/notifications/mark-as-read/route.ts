import { sellerRoute } from "@/lib/api/route";
import { markAllAsRead } from "@/lib/notifications/queries";

export const POST = sellerRoute({ permission: "notifications:write" }, async ({ db, caller }) => markAllAsRead(db, caller.shop.id));
