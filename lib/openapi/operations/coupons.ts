import type { Operation } from "../operation";
import { messageBody } from "../../api/schemas";
import {
  couponPage,
  couponView,
  createCouponSchema,
  deletedUsedCouponsView,
  listCouponsQuery,
  updateCouponSchema,
} from "../../coupons/schemas";

const tag = "Coupons";
const coupon = "/v1/shops/{shopId}/coupons/{couponId}";

export const couponsOperations: Operation[] = [
  {
    operationId: "listCoupons",
    method: "get",
    path: "/v1/shops/{shopId}/coupons",
    summary: "List coupons (newest first)",
    tag,
    auth: "seller",
    permission: "catalog:read",
    query: listCouponsQuery,
    response: { description: "Seller paginated envelope of coupons.", schema: couponPage },
  },
  {
    operationId: "createCoupon",
    method: "post",
    path: "/v1/shops/{shopId}/coupons",
    summary: "Create a coupon (codes are unique per shop without regard to case)",
    tag,
    auth: "seller",
    permission: "catalog:write",
    body: createCouponSchema,
    response: { status: 201, description: "The new coupon.", schema: couponView },
  },
  {
    operationId: "getCoupon",
    method: "get",
    path: coupon,
    summary: "Get a coupon",
    tag,
    auth: "seller",
    permission: "catalog:read",
    response: { description: "The coupon.", schema: couponView },
  },
  {
    operationId: "updateCoupon",
    method: "put",
    path: `${coupon}/update`,
    summary: "Update a coupon (fields not sent keep their value)",
    tag,
    auth: "seller",
    permission: "catalog:write",
    body: updateCouponSchema,
    response: { description: "The updated coupon.", schema: couponView },
  },
  {
    operationId: "deleteCoupon",
    method: "delete",
    path: coupon,
    summary: "Delete a coupon",
    tag,
    auth: "seller",
    permission: "catalog:write",
    response: { description: "`Coupon deleted.`", schema: messageBody },
  },
  {
    operationId: "deleteUsedCoupons",
    method: "delete",
    path: "/v1/shops/{shopId}/coupons/used",
    summary: "Delete every coupon whose uses are spent (uses reached max_uses)",
    tag,
    auth: "seller",
    permission: "catalog:write",
    response: { description: "How many were deleted.", schema: deletedUsedCouponsView },
  },
];
