import { idParams } from "@/lib/api/params";
import { sellerRoute } from "@/lib/api/route";
import { deleteQuantityDeal, getQuantityDeal } from "@/lib/deals/quantity-deals";

const params = idParams("dealId", "Quantity deal");

export const GET = sellerRoute({ permission: "catalog:read", params }, async ({ db, caller, params }) =>
  getQuantityDeal(db, caller.shop.id, params.dealId),
);

export const DELETE = sellerRoute({ permission: "catalog:write", params }, async ({ db, caller, params }) =>
  deleteQuantityDeal(db, caller.shop.id, params.dealId),
);
