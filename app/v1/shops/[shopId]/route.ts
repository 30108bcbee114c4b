import { sellerRoute } from "@/lib/api/route";
import { getShop } from "@/lib/shops/queries";

export const GET = sellerRoute({}, ({ db, caller }) =>
  getShop(db, caller.shop.id, caller.user.credential === "api_key" ? "reveal" : "withhold"),
);
