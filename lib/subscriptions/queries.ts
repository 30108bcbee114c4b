import type { PrismaClient } from "../db";
import { Prisma } from "../db";
import { notFound } from "../api/errors";
import { offsetOf } from "../api/pagination";
import { likeContains } from "../validation/like-pattern";
import type { ListSubscriptionsQuery } from "./schemas";
import { subscriptionInclude, serializeSubscription } from "./serialize";
import { settleEndedPeriods } from "./settle";

function listWhere(shopId: number, query: ListSubscriptionsQuery): Prisma.SubscriptionWhereInput {
  const statuses = [...[query.status ?? []].flat(), ...(query.statuses ?? [])];
  return {
    shop_id: shopId,
    ...(statuses.length ? { status: { in: statuses } } : {}),
    ...(query.product_id ? { product_id: query.product_id } : {}),
    ...(query.customer_id ? { customer_id: query.customer_id } : {}),
    ...(query.email ? { customer: { email: { contains: likeContains(query.email), mode: "insensitive" as const } } } : {}),
    ...(query.date_from || query.date_to
      ? { created_at: { ...(query.date_from ? { gte: query.date_from } : {}), ...(query.date_to ? { lte: query.date_to } : {}) } }
      : {}),
  };
}

/** One page of the shop's subscriptions, newest first. */
export async function listSubscriptions(db: PrismaClient, shopId: number, query: ListSubscriptionsQuery) {
  await db.$transaction((tx) => settleEndedPeriods(tx, shopId));
  const where = listWhere(shopId, query);
  const [rows, total] = await Promise.all([
    db.subscription.findMany({
      where,
      include: subscriptionInclude,
      orderBy: [{ created_at: "desc" }, { id: "desc" }],
      skip: offsetOf(query),
      take: query.perPage,
    }),
    db.subscription.count({ where }),
  ]);
  return { data: rows.map(serializeSubscription), total };
}

export async function getSubscription(db: PrismaClient, shopId: number, subscriptionId: number) {
  await db.$transaction((tx) => settleEndedPeriods(tx, shopId, subscriptionId));
  const subscription = await db.subscription.findFirst({ where: { id: subscriptionId, shop_id: shopId }, include: subscriptionInclude });
  if (!subscription) throw notFound("Subscription");
  return serializeSubscription(subscription);
}
