import { sellerEnvelope } from "@/lib/api/pagination";
import { created, sellerRoute } from "@/lib/api/route";
import { listCoupons } from "@/lib/coupons/queries";
import { createCouponSchema, listCouponsQuery } from "@/lib/coupons/schemas";
import { createCoupon } from "@/lib/coupons/write";

export const GET = sellerRoute({ permission: "catalog:read", query: listCouponsQuery }, async ({ request, db, caller, query }) => {
  const { data, total } = await listCoupons(db, caller.shop.id, query);
  return sellerEnvelope(request, query, data, total);
});

export const POST = sellerRoute({ permission: "catalog:write", body: createCouponSchema }, async ({ db, caller, body }) =>
  created(await createCoupon(db, caller.shop.id, body)),
);
