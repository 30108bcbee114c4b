import { idParams } from "@/lib/api/params";
import { sellerRoute } from "@/lib/api/route";
import { deleteBundleOffer, getBundleOffer } from "@/lib/deals/bundle-offers";

const params = idParams("offerId", "Bundle offer");

export const GET = sellerRoute({ permission: "catalog:read", params }, async ({ db, caller, params }) =>
  getBundleOffer(db, caller.shop.id, params.offerId),
);

export const DELETE = sellerRoute({ permission: "catalog:write", params }, async ({ db, caller, params }) =>
  deleteBundleOffer(db, caller.shop.id, params.offerId),
);
