import { sellerRoute } from "@/lib/api/route";
import { appendSerials } from "@/lib/catalog/deliverables";
import { variantParams } from "@/lib/catalog/params";
import { appendDeliverablesSchema } from "@/lib/catalog/schemas";

export const PUT = sellerRoute(
  { permission: "catalog:write", params: variantParams, body: appendDeliverablesSchema },
  async ({ db, caller, params, body }) => appendSerials(db, { shopId: caller.shop.id, ...params }, body),
);
