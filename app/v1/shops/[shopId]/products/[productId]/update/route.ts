import { sellerRoute } from "@/lib/api/route";
import { updateProduct } from "@/lib/catalog/products";
import { productParams } from "@/lib/catalog/params";
import { productSchema } from "@/lib/catalog/schemas";

export const PUT = sellerRoute(
  { permission: "catalog:write", params: productParams, body: productSchema },
  async ({ db, caller, params, body }) => updateProduct(db, caller.shop.id, params.productId, body),
);
