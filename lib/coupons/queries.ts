import type { Db } from "../db";
import { notFound } from "../api/errors";
import { offsetOf } from "../api/pagination";
import { likeContains } from "../validation/like-pattern";
import type { ListCouponsQuery } from "./schemas";
import { couponInclude, serializeCoupon } from "./serialize";

/** One page of the shop's coupons, newest first; `search` matches the code. */
export async function listCoupons(db: Db, shopId: number, query: ListCouponsQuery) {
  const where = {
    shop_id: shopId,
    ...(query.search ? { code: { contains: likeContains(query.search), mode: "insensitive" as const } } : {}),
    ...(query.type ? { type: query.type } : {}),
  };
  const [rows, total] = await Promise.all([
    db.coupon.findMany({ where, include: couponInclude, orderBy: { id: "desc" }, skip: offsetOf(query), take: query.perPage }),
    db.coupon.count({ where }),
  ]);
  return { data: rows.map(serializeCoupon), total };
}

export async function getCoupon(db: Db, shopId: number, couponId: number) {
  const coupon = await db.coupon.findFirst({ where: { id: couponId, shop_id: shopId }, include: couponInclude });
  if (!coupon) throw notFound("Coupon");
  return serializeCoupon(coupon);
}
