import { resellerRoute } from "@/lib/api/route";
import { listCatalog } from "@/lib/reseller/catalog";
import { resellerPageQuery } from "@/lib/reseller/schemas";

export const GET = resellerRoute({ query: resellerPageQuery }, ({ db, caller, query }) => listCatalog(db, caller, query));
