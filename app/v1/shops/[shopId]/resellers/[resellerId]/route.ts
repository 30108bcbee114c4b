import { idParams } from "@/lib/api/params";
import { sellerRoute } from "@/lib/api/route";
import { resellerSellerView } from "@/lib/reseller/manage";

export const GET = sellerRoute({ permission: "resellers:read", params: idParams("resellerId", "Reseller") }, ({ db, caller, params }) =>
  resellerSellerView(db, caller.shop.id, params.resellerId),
);
