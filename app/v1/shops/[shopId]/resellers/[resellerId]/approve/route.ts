import { idParams } from "@/lib/api/params";
import { sellerRoute } from "@/lib/api/route";
import { approveReseller } from "@/lib/reseller/manage";

export const POST = sellerRoute({ permission: "resellers:write", params: idParams("resellerId", "Reseller") }, ({ db, caller, params }) =>
  approveReseller(db, caller.shop, params.resellerId, caller.audit),
);
