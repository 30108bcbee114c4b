import { idParams } from "@/lib/api/params";
import { sellerRoute } from "@/lib/api/route";
import { updateQuantityDeal } from "@/lib/deals/quantity-deals";
import { quantityDealBody } from "@/lib/deals/schemas";

export const PUT = sellerRoute(
  { permission: "catalog:write", params: idParams("dealId", "Quantity deal"), body: quantityDealBody },
  async ({ db, caller, params, body }) => updateQuantityDeal(db, caller.shop.id, params.dealId, body),
);
