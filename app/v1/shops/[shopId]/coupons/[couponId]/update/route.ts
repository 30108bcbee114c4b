import { sellerRoute } from "@/lib/api/route";
import { idParams } from "@/lib/api/params";
import { updateCouponSchema } from "@/lib/coupons/schemas";
import { updateCoupon } from "@/lib/coupons/write";

export const PUT = sellerRoute(
  { permission: "catalog:write", params: idParams("couponId", "Coupon"), body: updateCouponSchema },
  async ({ db, caller, params, body }) => updateCoupon(db, caller.shop.id, params.couponId, body),
);
