import { sellerRoute } from "@/lib/api/route";
import { shopOverview } from "@/lib/stats/overview";
import { shopStatsQuery } from "@/lib/stats/schemas";

/** The dashboard home's numbers (beyond the spec). */
export const GET = sellerRoute({ permission: "shop:read", query: shopStatsQuery }, ({ db, caller, query }) =>
  shopOverview(db, caller.shop.id, query.days),
);
