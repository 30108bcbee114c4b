import { publicRoute } from "@/lib/api/route";
import { clientIp } from "@/lib/api/rate-limit";
import { json } from "@/lib/api/respond";
import { requestOrderLookup } from "@/lib/order-lookup/lookup";
import { orderLookupBody } from "@/lib/order-lookup/schemas";
import { storefrontShopId } from "@/lib/storefront/buyer";
import { storefrontParams } from "@/lib/storefront/schemas";

/** "Find my orders": e-mails the address a link to its orders here; 202 whether or not it has any. */
export const POST = publicRoute(
  { params: storefrontParams, body: orderLookupBody, refuseCrossSite: true },
  async ({ request, db, params, body }) =>
    json(await requestOrderLookup(db, await storefrontShopId(params.subdomain), body.email, clientIp(request)), 202),
);
