import { idParams } from "@/lib/api/params";
import { sellerRoute } from "@/lib/api/route";
import { updateTierSchema } from "@/lib/reseller/schemas";
import { deleteTier, getTier, updateTier } from "@/lib/reseller/tier-admin";

const params = idParams("tierId", "Reseller tier");

export const GET = sellerRoute({ permission: "resellers:read", params }, ({ db, caller, params }) =>
  getTier(db, caller.shop, params.tierId),
);

export const PUT = sellerRoute({ permission: "resellers:write", params, body: updateTierSchema }, ({ db, caller, params, body }) =>
  updateTier(db, caller.shop, params.tierId, body),
);

export const DELETE = sellerRoute({ permission: "resellers:write", params }, ({ db, caller, params }) =>
  deleteTier(db, caller.shop, params.tierId),
);
