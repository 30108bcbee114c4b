import { idParams } from "@/lib/api/params";
import { sellerRoute } from "@/lib/api/route";
import { rotateDynamicToken } from "@/lib/reseller/credentials";
import { rotateForSeller } from "@/lib/reseller/manage";

export const POST = sellerRoute({ permission: "resellers:write", params: idParams("resellerId", "Reseller") }, ({ db, caller, params }) =>
  rotateForSeller(db, caller.shop, params.resellerId, rotateDynamicToken, caller.audit),
);
