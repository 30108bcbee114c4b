import type { Operation } from "../document";
import { createCouponSchema, listCouponsQuery, updateCouponSchema } from "../../coupons/schemas";

const tag = "Coupons";

export const couponsOperations: Operation[] = [
  {
    method: "get",
    path: "/v1/shops/{shopId}/coupons",
    summary: "List coupons (seller paginated envelope, newest first)",
    tag,
    auth: "seller",
    query: listCouponsQuery,
    success: { description: "Seller paginated envelope of Coupon" },
  },
  {
    method: "post",
    path: "/v1/shops/{shopId}/coupons",
    summary: "Create a coupon",
    tag,
    auth: "seller",
    body: createCouponSchema,
    success: { status: 201, description: "The new Coupon" },
  },
  {
    method: "get",
    path: "/v1/shops/{shopId}/coupons/{couponId}",
    summary: "Get a coupon",
    tag,
    auth: "seller",
    success: { description: "Coupon" },
    errors: [404],
  },
  {
    method: "put",
    path: "/v1/shops/{shopId}/coupons/{couponId}/update",
    summary: "Update a coupon (fields not sent keep their value)",
    tag,
    auth: "seller",
    body: updateCouponSchema,
    success: { description: "The updated Coupon" },
    errors: [404],
  },
  {
    method: "delete",
    path: "/v1/shops/{shopId}/coupons/{couponId}",
    summary: "Delete a coupon",
    tag,
    auth: "seller",
    success: { description: '`{"message": "Coupon deleted."}`' },
    errors: [404],
  },
];
