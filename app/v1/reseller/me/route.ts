import { resellerRoute } from "@/lib/api/route";
import { portalProfile } from "@/lib/reseller/portal";

export const GET = resellerRoute({}, ({ db, caller }) => portalProfile(db, caller.id));
