import { sellerRoute } from "@/lib/api/route";
import { sortProductsBody } from "@/lib/catalog/schemas";
import { sortProducts } from "@/lib/catalog/sort";

export const PUT = sellerRoute({ permission: "catalog:write", body: sortProductsBody }, async ({ db, caller, body }) =>
  sortProducts(db, caller.shop.id, body),
);
