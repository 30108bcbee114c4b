import { sellerRoute } from "@/lib/api/route";
import { removeSerials } from "@/lib/catalog/deliverables";
import { variantParams } from "@/lib/catalog/params";
import { removeDeliverablesSchema } from "@/lib/catalog/schemas";

export const PUT = sellerRoute(
  { permission: "catalog:write", params: variantParams, body: removeDeliverablesSchema },
  async ({ db, caller, params, body }) => removeSerials(db, { shopId: caller.shop.id, ...params }, body),
);
