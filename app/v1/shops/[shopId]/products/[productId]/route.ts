import { sellerRoute } from "@/lib/api/route";
import { deleteProduct, getProduct } from "@/lib/catalog/products";
import { productParams } from "@/lib/catalog/params";

export const GET = sellerRoute({ permission: "catalog:read", params: productParams }, async ({ db, caller, params }) =>
  getProduct(db, caller.shop.id, params.productId),
);

export const DELETE = sellerRoute({ permission: "catalog:write", params: productParams }, async ({ db, caller, params }) =>
  deleteProduct(db, caller.shop.id, params.productId),
);
