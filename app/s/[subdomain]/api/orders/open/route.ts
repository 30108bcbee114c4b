import { publicRoute } from "@/lib/api/route";
import { openOrderLookup } from "@/lib/order-lookup/lookup";
import { openOrderLookupBody } from "@/lib/order-lookup/schemas";
import { buyerPageBase, storefrontShopId } from "@/lib/storefront/buyer";
import { storefrontParams } from "@/lib/storefront/schemas";

/** Opens an e-mailed "Find my orders" link (once) and lists its orders. */
export const POST = publicRoute(
  { params: storefrontParams, body: openOrderLookupBody, refuseCrossSite: true },
  async ({ request, db, params, body }) =>
    openOrderLookup(db, await storefrontShopId(params.subdomain), body.token, buyerPageBase(request)),
);
