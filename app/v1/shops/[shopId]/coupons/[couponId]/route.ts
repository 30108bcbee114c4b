import { sellerRoute } from "@/lib/api/route";
import { idParams } from "@/lib/api/params";
import { getCoupon } from "@/lib/coupons/queries";
import { deleteCoupon } from "@/lib/coupons/write";

const params = idParams("couponId", "Coupon");

export const GET = sellerRoute({ permission: "catalog:read", params }, async ({ db, caller, params }) =>
  getCoupon(db, caller.shop.id, params.couponId),
);

export const DELETE = sellerRoute({ permission: "catalog:write", params }, async ({ db, caller, params }) =>
  deleteCoupon(db, caller.shop.id, params.couponId),
);
