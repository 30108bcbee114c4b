import { sellerRoute } from "@/lib/api/route";
import { listShops } from "@/lib/shops/queries";

export const GET = sellerRoute({}, ({ db, caller }) => listShops(db, caller.user.id));
