import { resellerRoute } from "@/lib/api/route";
import { listLedger } from "@/lib/reseller/ledger-view";
import { resellerPageQuery } from "@/lib/reseller/schemas";

export const GET = resellerRoute({ query: resellerPageQuery }, ({ db, caller, query }) => listLedger(db, caller, query));
