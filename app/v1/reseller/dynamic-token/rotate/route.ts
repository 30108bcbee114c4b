import { resellerRoute } from "@/lib/api/route";
import { rotateDynamicToken } from "@/lib/reseller/credentials";

export const POST = resellerRoute({}, ({ db, caller }) => rotateDynamicToken(db, caller.id));
