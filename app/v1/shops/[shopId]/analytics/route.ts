import { sellerRoute } from "@/lib/api/route";
import { analyticsSummary } from "@/lib/analytics/report";
import { analyticsQuery } from "@/lib/analytics/schemas";

export const GET = sellerRoute({ permission: "shop:read", query: analyticsQuery }, ({ db, caller, query }) =>
  analyticsSummary(db, caller.shop.id, query),
);
