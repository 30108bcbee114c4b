import { created, sellerRoute } from "@/lib/api/route";
import { cloneProduct } from "@/lib/catalog/products";
import { productParams } from "@/lib/catalog/params";

export const POST = sellerRoute({ permission: "catalog:write", params: productParams }, async ({ db, caller, params }) =>
  created(await cloneProduct(db, caller.shop.id, params.productId)),
);
