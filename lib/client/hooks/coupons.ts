"use client";
import type { CouponView } from "../../coupons/schemas";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreateCouponInput, listCouponsQuery, UpdateCouponInput } from "../../coupons/schemas";
import { apiFetch } from "../api";
import { queryKeys } from "../query-keys";
import type { UrlFilters } from "../use-url-state";
import type { Envelope } from "./invoices";

export type Coupon = CouponView;

export type CouponFilters = UrlFilters<typeof listCouponsQuery.in>;

export function useCoupons(shopId: string, filters: CouponFilters) {
  return useQuery({
    queryKey: queryKeys.coupons(shopId).list(filters),
    queryFn: () => apiFetch<Envelope<Coupon>>(`/v1/shops/${shopId}/coupons`, { query: filters }),
    placeholderData: keepPreviousData,
  });
}

/** Create (no id) or partial update (with id); the lists refetch. */
export function useSaveCoupon(shopId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: CreateCouponInput | UpdateCouponInput }) =>
      id === undefined
        ? apiFetch<Coupon>(`/v1/shops/${shopId}/coupons`, { method: "POST", body: input })
        : apiFetch<Coupon>(`/v1/shops/${shopId}/coupons/${id}/update`, { method: "PUT", body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.coupons(shopId).lists() }),
  });
}

export function useDeleteCoupon(shopId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<{ message: string }>(`/v1/shops/${shopId}/coupons/${id}`, { method: "DELETE" }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.coupons(shopId).lists() }),
  });
}

/** Whether a recovery email may offer the coupon (the API refuses expired and used-up ones). */
export function couponUsable(coupon: Coupon, now = new Date()): boolean {
  if (coupon.expiration_date && new Date(coupon.expiration_date) <= now) return false;
  return coupon.max_uses === null || coupon.uses < coupon.max_uses;
}

export function couponDiscountText(coupon: Pick<Coupon, "type" | "discount">): string {
  return coupon.type === "percentage" ? `${coupon.discount}% off` : `${coupon.discount.toFixed(2)} off`;
}
