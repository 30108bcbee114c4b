import { resellerRoute } from "@/lib/api/route";
import { rotateSigningSecret } from "@/lib/reseller/credentials";

export const POST = resellerRoute({}, ({ db, caller }) => rotateSigningSecret(db, caller.id));
