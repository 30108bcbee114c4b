import { sellerRoute } from "@/lib/api/route";
import { setServiceStock } from "@/lib/catalog/deliverables";
import { variantParams } from "@/lib/catalog/params";
import { stockSchema } from "@/lib/catalog/schemas";

export const PUT = sellerRoute(
  { permission: "catalog:write", params: variantParams, body: stockSchema },
  async ({ db, caller, params, body }) => setServiceStock(db, { shopId: caller.shop.id, ...params }, body),
);
