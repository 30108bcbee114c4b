import { idParams } from "@/lib/api/params";
import { sellerRoute } from "@/lib/api/route";
import { rotateSigningSecret } from "@/lib/reseller/credentials";
import { rotateForSeller } from "@/lib/reseller/manage";

export const POST = sellerRoute({ permission: "resellers:write", params: idParams("resellerId", "Reseller") }, ({ db, caller, params }) =>
  rotateForSeller(db, caller.shop, params.resellerId, rotateSigningSecret, caller.audit),
);
