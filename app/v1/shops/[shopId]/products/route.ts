import { sellerEnvelope } from "@/lib/api/pagination";
import { created, sellerRoute } from "@/lib/api/route";
import { listProducts } from "@/lib/catalog/list";
import { createProduct } from "@/lib/catalog/products";
import { listProductsQuery, productSchema } from "@/lib/catalog/schemas";

export const GET = sellerRoute({ permission: "catalog:read", query: listProductsQuery }, async ({ db, caller, query, request }) => {
  const { data, total, page } = await listProducts(db, caller.shop.id, query);
  return sellerEnvelope(request, page, data, total);
});

export const POST = sellerRoute({ permission: "catalog:write", body: productSchema }, async ({ db, caller, body }) =>
  created(await createProduct(db, caller.shop, body)),
);
