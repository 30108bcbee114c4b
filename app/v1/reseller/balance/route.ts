import { resellerRoute } from "@/lib/api/route";
import { resellerBalance } from "@/lib/reseller/balance";

export const GET = resellerRoute({}, ({ db, caller }) => resellerBalance(db, caller));
