import { publicRoute } from "@/lib/api/route";
import { buyerContext, buyerPageBase, storefrontShopId } from "@/lib/storefront/buyer";
import { storefrontCheckout } from "@/lib/storefront/cart";
import { storefrontCheckoutBody, storefrontParams } from "@/lib/storefront/schemas";

export const POST = publicRoute(
  { params: storefrontParams, body: storefrontCheckoutBody, refuseCrossSite: true },
  async ({ request, db, params, body }) =>
    storefrontCheckout(db, await storefrontShopId(params.subdomain), body, buyerContext(request), buyerPageBase(request)),
);
