"use client";
import type { CouponView } from "../../coupons/schemas";
import type { CreateCouponInput, listCouponsQuery, UpdateCouponInput } from "../../coupons/schemas";
import { queryKeys } from "../query-keys";
import type { UrlFilters } from "../use-url-state";
import type { Envelope } from "./invoices";
import { shopResource } from "./resource";

export type Coupon = CouponView;

export type CouponFilters = UrlFilters<typeof listCouponsQuery.in>;

/** Lists and details refetch after a change. */
const coupons = shopResource<Coupon, CreateCouponInput | UpdateCouponInput, Envelope<Coupon>, CouponFilters>({
  path: "coupons",
  keys: queryKeys.coupons,
  updatePath: (id) => `${id}/update`,
});

export const useCoupons = coupons.useList;
/** Create (no id) or partial update (with id). */
export const useSaveCoupon = coupons.useSave;
export const useDeleteCoupon = coupons.useDelete;

/** Whether a recovery email may offer the coupon (the API refuses expired and used-up ones). */
export function couponUsable(coupon: Coupon, now = new Date()): boolean {
  if (coupon.expiration_date && new Date(coupon.expiration_date) <= now) return false;
  return coupon.max_uses === null || coupon.uses < coupon.max_uses;
}

export function couponDiscountText(coupon: Pick<Coupon, "type" | "discount">): string {
  return coupon.type === "percentage" ? `${coupon.discount}% off` : `${coupon.discount.toFixed(2)} off`;
}
