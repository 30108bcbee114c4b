import { idParams } from "@/lib/api/params";
import { sellerRoute } from "@/lib/api/route";
import { updateBundleOffer } from "@/lib/deals/bundle-offers";
import { bundleOfferBody } from "@/lib/deals/schemas";

export const PUT = sellerRoute(
  { permission: "catalog:write", params: idParams("offerId", "Bundle offer"), body: bundleOfferBody },
  async ({ db, caller, params, body }) => updateBundleOffer(db, caller.shop.id, params.offerId, body),
);
