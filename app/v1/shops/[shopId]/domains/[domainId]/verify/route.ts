import { idParams } from "@/lib/api/params";
import { sellerRoute } from "@/lib/api/route";
import { verifyDomain } from "@/lib/domains/domains";

const params = idParams("domainId", "Domain");

export const POST = sellerRoute({ permission: "settings:write", params }, ({ db, caller, params }) =>
  verifyDomain(db, caller.shop.id, params.domainId),
);
