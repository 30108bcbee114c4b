import type { Db, Prisma } from "../db";
import { notFound } from "../api/errors";
import { offsetOf } from "../api/pagination";
import { likeContains } from "../validation/like-pattern";
import type { ListCustomersQuery } from "./schemas";
import { serializeCustomer } from "./serialize";
import { customerTotals, NO_TOTALS } from "./totals";

type CustomerFilters = {
  email?: string;
  banned?: boolean;
  username?: string;
  tag?: string;
  subscribed?: boolean;
  newsletter?: boolean;
  id?: number;
};

/** A subscription that still bills or serves: what `subscribed` asks about. */
const LIVE_SUBSCRIPTION = { status: { in: ["trialing", "active", "past_due"] } };

/** The list's WHERE as Prisma reads it; `email` and `username` are case-insensitive substrings (`%` and `_` literal). */
export function customerWhere(shopId: number, filters: CustomerFilters): Prisma.CustomerWhereInput {
  return {
    shop_id: shopId,
    ...(filters.email ? { email: { contains: likeContains(filters.email), mode: "insensitive" as const } } : {}),
    ...(filters.username ? { username: { contains: likeContains(filters.username), mode: "insensitive" as const } } : {}),
    ...(filters.banned !== undefined ? { banned: filters.banned } : {}),
    ...(filters.newsletter !== undefined ? { newsletter: filters.newsletter } : {}),
    ...(filters.tag ? { tags: { has: filters.tag } } : {}),
    ...(filters.id !== undefined ? { id: filters.id } : {}),
    ...(filters.subscribed === true ? { subscriptions: { some: LIVE_SUBSCRIPTION } } : {}),
    ...(filters.subscribed === false ? { subscriptions: { none: LIVE_SUBSCRIPTION } } : {}),
  };
}

/** One page of the shop's customers with their totals; `id` breaks ties of the other sorts. */
export async function listCustomers(db: Db, shopId: number, query: ListCustomersQuery) {
  const where = customerWhere(shopId, query);
  const direction = query.orderDirection;
  const orderBy = query.orderColumn === "id" ? [{ id: direction }] : [{ [query.orderColumn]: direction }, { id: direction }];
  const [rows, total] = await Promise.all([
    db.customer.findMany({ where, orderBy, skip: offsetOf(query), take: query.perPage }),
    db.customer.count({ where }),
  ]);
  const totals = await customerTotals(
    db,
    shopId,
    rows.map((row) => row.id),
  );
  return { data: rows.map((row) => serializeCustomer(row, totals.get(row.id) ?? NO_TOTALS)), total };
}

export async function getCustomer(db: Db, shopId: number, customerId: number) {
  const customer = await db.customer.findFirst({ where: { id: customerId, shop_id: shopId } });
  if (!customer) throw notFound("Customer");
  const totals = await customerTotals(db, shopId, [customer.id]);
  return serializeCustomer(customer, totals.get(customer.id) ?? NO_TOTALS);
}
