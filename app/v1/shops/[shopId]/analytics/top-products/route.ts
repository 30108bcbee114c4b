import { sellerRoute } from "@/lib/api/route";
import { topProducts } from "@/lib/analytics/report";
import { analyticsTopQuery } from "@/lib/analytics/schemas";

export const GET = sellerRoute({ permission: "shop:read", query: analyticsTopQuery }, ({ db, caller, query }) =>
  topProducts(db, caller.shop.id, query),
);
