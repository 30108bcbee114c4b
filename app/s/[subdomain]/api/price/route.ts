import { publicRoute } from "@/lib/api/route";
import { buyerContext, storefrontShopId } from "@/lib/storefront/buyer";
import { priceStorefrontCart } from "@/lib/storefront/cart";
import { storefrontParams, storefrontPriceBody } from "@/lib/storefront/schemas";

export const POST = publicRoute({ params: storefrontParams, body: storefrontPriceBody }, async ({ request, db, params, body }) =>
  priceStorefrontCart(db, await storefrontShopId(params.subdomain), body, buyerContext(request)),
);
