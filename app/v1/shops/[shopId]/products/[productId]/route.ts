import { sellerRoute } from "@/lib/api/route";
import { deleteProduct, getProduct } from "@/lib/catalog/products";
import { productParams } from "@/lib/catalog/params";

export const GET = sellerRoute({ params: productParams }, async ({ db, caller, params }) =>
  getProduct(db, caller.shop.id, params.productId),
);

export const DELETE = sellerRoute({ params: productParams }, async ({ db, caller, params }) =>
  deleteProduct(db, caller.shop.id, params.productId),
);
