import { resellerRoute } from "@/lib/api/route";
import { rotateApiKey } from "@/lib/reseller/credentials";

/** The new key is in this answer only; the old one stops working at once. */
export const POST = resellerRoute({}, ({ db, caller }) => rotateApiKey(db, caller.id));
