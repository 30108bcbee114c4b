import { sellerRoute } from "@/lib/api/route";
import { topCustomers } from "@/lib/analytics/report";
import { analyticsTopQuery } from "@/lib/analytics/schemas";

export const GET = sellerRoute({ permission: "customers:read", query: analyticsTopQuery }, ({ db, caller, query }) =>
  topCustomers(db, caller.shop.id, query),
);
