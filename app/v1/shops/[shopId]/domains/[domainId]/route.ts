import { idParams } from "@/lib/api/params";
import { sellerRoute } from "@/lib/api/route";
import { deleteDomain, getDomain } from "@/lib/domains/domains";

const params = idParams("domainId", "Domain");

export const GET = sellerRoute({ permission: "settings:read", params }, ({ db, caller, params }) =>
  getDomain(db, caller.shop.id, params.domainId),
);

export const DELETE = sellerRoute({ permission: "settings:write", params }, ({ db, caller, params }) =>
  deleteDomain(db, caller.shop.id, params.domainId, caller.audit),
);
