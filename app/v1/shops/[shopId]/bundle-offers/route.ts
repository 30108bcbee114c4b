import { sellerEnvelope } from "@/lib/api/pagination";
import { created, sellerRoute } from "@/lib/api/route";
import { createBundleOffer, listBundleOffers } from "@/lib/deals/bundle-offers";
import { bundleOfferBody, promotionListQuery } from "@/lib/deals/schemas";

export const GET = sellerRoute({ permission: "catalog:read", query: promotionListQuery }, async ({ request, db, caller, query }) => {
  const { data, total } = await listBundleOffers(db, caller.shop.id, query);
  return sellerEnvelope(request, query, data, total);
});

export const POST = sellerRoute({ permission: "catalog:write", body: bundleOfferBody }, async ({ db, caller, body }) =>
  created(await createBundleOffer(db, caller.shop.id, body)),
);
