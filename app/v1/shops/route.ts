import { sellerRoute } from "@/lib/api/route";
import { listShops } from "@/lib/shops/queries";

export const GET = sellerRoute({ permission: "account" }, ({ db, caller }) => listShops(db, caller.user.id, caller.user.shopIds));
