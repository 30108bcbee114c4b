import type { Reseller, ResellerTier, User } from "../generated/prisma/client";
import { Prisma, query, type Db, type PrismaClient } from "../db";
import { invalid, notFound, stateConflict } from "../api/errors";
import type { AuditContext } from "../audit/context";
import { maskSecret, recordAudit } from "../audit/record";
import { offsetOf } from "../api/pagination";
import { sendResellerInvitation } from "../auth/password-reset";
import { mailShopOf } from "../mail/shop";
import { moneyNumber } from "../money";
import { likeContains } from "../validation/like-pattern";
import { serializeTier } from "./balance";
import { newResellerCredentials } from "./credentials";
import { appendLedger, lockReseller } from "./ledger";
import type { AdjustBalanceInput, InviteResellerInput, ListResellersQuery, ResellerView } from "./schemas";
import { earnedTier, type ResellerHistory } from "./tiers";

type Shop = { id: number };
type ResellerWithUser = Reseller & { user: Pick<User, "email" | "name"> };

const userSelect = { select: { email: true, name: true } } as const;

function serializeReseller(
  reseller: ResellerWithUser,
  balance: Prisma.Decimal,
  history: ResellerHistory,
  tiers: ResellerTier[],
): ResellerView {
  const { tier } = earnedTier(tiers, history);
  return {
    id: reseller.id,
    shop_id: reseller.shop_id,
    email: reseller.user.email,
    name: reseller.display_name ?? reseller.user.name,
    status: reseller.status,
    balance: moneyNumber(balance),
    currency: "USD",
    tier: serializeTier(tier),
    total_spent_usd: moneyNumber(history.spentUsd),
    total_orders: history.orders,
    api_key_prefix: reseller.api_key_prefix,
    approved_at: reseller.approved_at?.toISOString() ?? null,
    created_at: reseller.created_at.toISOString(),
    updated_at: reseller.updated_at.toISOString(),
  };
}

async function histories(db: Db, resellerIds: number[]): Promise<Map<number, ResellerHistory>> {
  if (!resellerIds.length) return new Map();
  const rows = await db.invoice.groupBy({
    by: ["reseller_id"],
    where: { reseller_id: { in: resellerIds }, status: { in: ["completed", "pending"] } },
    _sum: { price_usd: true },
    _count: { _all: true },
  });
  return new Map(rows.map((row) => [row.reseller_id!, { spentUsd: row._sum.price_usd ?? new Prisma.Decimal(0), orders: row._count._all }]));
}

async function serializeMany(db: Db, shopId: number, resellers: ResellerWithUser[]) {
  const ids = resellers.map((reseller) => reseller.id);
  const tiers = await db.resellerTier.findMany({ where: { shop_id: shopId } });
  const history = await histories(db, ids);
  const empty = { spentUsd: new Prisma.Decimal(0), orders: 0 };
  return resellers.map((reseller) => serializeReseller(reseller, reseller.balance_usd, history.get(reseller.id) ?? empty, tiers));
}

export async function resellerSellerView(db: Db, shopId: number, resellerId: number) {
  const reseller = await db.reseller.findFirst({ where: { id: resellerId, shop_id: shopId }, include: { user: userSelect } });
  if (!reseller) throw notFound("Reseller");
  const [view] = await serializeMany(db, shopId, [reseller]);
  return view!;
}

/** GET /v1/shops/{shopId}/resellers: one page and the count; the route wraps them in the envelope. */
export async function listResellers(db: Db, shop: Shop, query: ListResellersQuery) {
  const where = {
    shop_id: shop.id,
    ...(query.status ? { status: query.status } : {}),
    ...(query.email ? { user: { email: { contains: likeContains(query.email), mode: "insensitive" as const } } } : {}),
  };
  const page = { page: query.page, perPage: query.perPage };
  const total = await db.reseller.count({ where });
  const rows = await db.reseller.findMany({
    where,
    orderBy: { id: "asc" },
    skip: offsetOf(page),
    take: page.perPage,
    include: { user: userSelect },
  });
  return { data: await serializeMany(db, shop.id, rows), total };
}

/**
 * POST /v1/shops/{shopId}/resellers: makes a person a reseller of the shop.
 * An email without an account gets one with no usable password and an
 * e-mail whose single-use link sets the first one (lib/auth/password-reset.ts;
 * "Forgot password?" sends a new link once it lapses). Already a reseller of
 * this shop: 422. The answer is the same whether the address had an account:
 * the reseller is shown under the seller's name for it (`display_name`), and
 * the view carries no user id.
 */
export async function inviteReseller(client: PrismaClient, shop: Shop, input: InviteResellerInput) {
  const id = await client.$transaction(async (tx) => {
    const displayName = input.name ?? input.email.split("@")[0]!;
    let user = await tx.user.findUnique({ where: { email: input.email } });
    if (!user) {
      // no usable password ("!" matches no hash): the invitation e-mail's link sets the first one
      user = await tx.user.create({ data: { email: input.email, name: displayName, password_hash: "!" } });
      await sendResellerInvitation(tx, user.id, user.email, await mailShopOf(tx, shop.id));
    }
    const existing = await tx.reseller.findUnique({ where: { shop_id_user_id: { shop_id: shop.id, user_id: user.id } } });
    if (existing) throw invalid("email", "This person is already a reseller of the shop.");
    const reseller = await tx.reseller.create({
      data: {
        shop_id: shop.id,
        user_id: user.id,
        display_name: displayName,
        status: input.status,
        ...newResellerCredentials(),
        approved_at: input.status === "approved" ? new Date() : null,
      },
    });
    return reseller.id;
  });
  return resellerSellerView(client, shop.id, id);
}

async function requireReseller(db: Db, shopId: number, resellerId: number) {
  const reseller = await db.reseller.findFirst({ where: { id: resellerId, shop_id: shopId }, select: { id: true, status: true } });
  if (!reseller) throw notFound("Reseller");
  return reseller;
}

/** A status change of the seller's (approve, suspend) under the reseller's row lock, logged in its transaction. */
async function changeStatus(
  client: PrismaClient,
  shop: Shop,
  resellerId: number,
  audit: AuditContext,
  change: { to: "approved" | "suspended"; from: string[]; refused: string },
) {
  await client.$transaction(async (tx) => {
    const [row] = await query<{ status: string }>(
      tx,
      Prisma.sql`
      SELECT status FROM resellers WHERE id = ${resellerId} AND shop_id = ${shop.id} FOR UPDATE`,
    );
    if (!row) throw notFound("Reseller");
    if (!change.from.includes(row.status)) throw stateConflict(change.refused);
    await tx.reseller.update({
      where: { id: resellerId },
      data: { status: change.to, ...(change.to === "approved" && { approved_at: new Date() }) },
    });
    await recordAudit(tx, audit, {
      action: change.to === "approved" ? "reseller.approved" : "reseller.suspended",
      target: { type: "reseller", id: resellerId },
      changes: { status: { old: row.status, new: change.to } },
    });
  });
  return resellerSellerView(client, shop.id, resellerId);
}

/** approve: from pending or suspended. The reseller's API key (if any) works again. */
export function approveReseller(client: PrismaClient, shop: Shop, resellerId: number, audit: AuditContext) {
  return changeStatus(client, shop, resellerId, audit, {
    to: "approved",
    from: ["pending", "suspended"],
    refused: "The reseller is already approved.",
  });
}

/** suspend: from pending or approved. Its key and dynamic token stop working at once (401 / 404). */
export function suspendReseller(client: PrismaClient, shop: Shop, resellerId: number, audit: AuditContext) {
  return changeStatus(client, shop, resellerId, audit, {
    to: "suspended",
    from: ["pending", "approved"],
    refused: "The reseller is already suspended.",
  });
}

/**
 * A credit (+) or debit (-) with a reason, under the reseller lock; the
 * balance never goes below zero. Logged in the same transaction.
 */
export async function adjustBalance(client: PrismaClient, shop: Shop, resellerId: number, input: AdjustBalanceInput, audit: AuditContext) {
  await requireReseller(client, shop.id, resellerId);
  await client.$transaction(
    async (tx) => {
      const balance = await lockReseller(tx, resellerId);
      const amount = new Prisma.Decimal(input.amount).toDecimalPlaces(2);
      if (balance.add(amount).isNegative()) {
        throw invalid("amount", `The balance cannot go below zero (it is ${balance.toFixed(2)}).`);
      }
      await appendLedger(tx, resellerId, balance, { amount, kind: "adjustment", reason: input.reason });
      await recordAudit(tx, audit, {
        action: "reseller.balance_adjusted",
        target: { type: "reseller", id: resellerId },
        changes: {
          balance: { old: balance.toFixed(2), new: balance.add(amount).toFixed(2) },
          amount: { new: amount.toFixed(2) },
          reason: { new: input.reason ?? null },
        },
      });
    },
    { maxWait: 30_000, timeout: 30_000 },
  );
  return resellerSellerView(client, shop.id, resellerId);
}

/**
 * The seller rotates a credential of its reseller; `rotate` is one of
 * lib/reseller/credentials.ts. Logged in the same transaction with the new
 * value masked (`reseller.credential_rotated`).
 */
export async function rotateForSeller<T extends Record<string, string>>(
  client: PrismaClient,
  shop: Shop,
  resellerId: number,
  rotate: (db: Db, id: number) => Promise<T>,
  audit: AuditContext,
) {
  return client.$transaction(async (tx) => {
    await requireReseller(tx, shop.id, resellerId);
    const rotated = await rotate(tx, resellerId);
    await recordAudit(tx, audit, {
      action: "reseller.credential_rotated",
      target: { type: "reseller", id: resellerId },
      changes: Object.fromEntries(Object.entries(rotated).map(([field, value]) => [field, { new: maskSecret(value) }])),
    });
    return rotated;
  });
}
