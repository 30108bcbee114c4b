import { sellerEnvelope } from "@/lib/api/pagination";
import { created, sellerRoute } from "@/lib/api/route";
import { createQuantityDeal, listQuantityDeals } from "@/lib/deals/quantity-deals";
import { promotionListQuery, quantityDealBody } from "@/lib/deals/schemas";

export const GET = sellerRoute({ permission: "catalog:read", query: promotionListQuery }, async ({ request, db, caller, query }) => {
  const { data, total } = await listQuantityDeals(db, caller.shop.id, query);
  return sellerEnvelope(request, query, data, total);
});

export const POST = sellerRoute({ permission: "catalog:write", body: quantityDealBody }, async ({ db, caller, body }) =>
  created(await createQuantityDeal(db, caller.shop.id, body)),
);
