import { sellerRoute } from "@/lib/api/route";
import { overwriteSerials } from "@/lib/catalog/deliverables";
import { variantParams } from "@/lib/catalog/params";
import { overwriteDeliverablesSchema } from "@/lib/catalog/schemas";

export const PUT = sellerRoute(
  { permission: "catalog:write", params: variantParams, body: overwriteDeliverablesSchema },
  async ({ db, caller, params, body }) => overwriteSerials(db, { shopId: caller.shop.id, ...params }, body),
);
