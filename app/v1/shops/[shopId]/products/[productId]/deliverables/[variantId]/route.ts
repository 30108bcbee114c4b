import { sellerRoute } from "@/lib/api/route";
import { listUnsoldSerials } from "@/lib/catalog/deliverables";
import { variantParams } from "@/lib/catalog/params";

export const GET = sellerRoute({ permission: "secrets:read", params: variantParams }, async ({ db, caller, params }) =>
  listUnsoldSerials(db, { shopId: caller.shop.id, ...params }),
);
