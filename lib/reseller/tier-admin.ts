import type { ResellerTier } from "../generated/prisma/client";
import { Prisma, type Db } from "../db";
import { notFound } from "../api/errors";
import { offsetOf, type Page } from "../api/pagination";
import { moneyString } from "../money";
import type { ResellerTierView, TierInput } from "./schemas";

type Shop = { id: number };

export function serializeTierRecord(tier: ResellerTier): ResellerTierView {
  return {
    id: tier.id,
    shop_id: tier.shop_id,
    name: tier.name,
    discount_percentage: tier.discount_percentage.toNumber(),
    min_spent_usd: moneyString(tier.min_spent_usd),
    min_sales_count: tier.min_sales_count,
    image_url: tier.image_url,
    created_at: tier.created_at.toISOString(),
    updated_at: tier.updated_at.toISOString(),
  };
}

function tierData(input: Partial<TierInput>) {
  return {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.discount_percentage !== undefined ? { discount_percentage: new Prisma.Decimal(input.discount_percentage) } : {}),
    ...(input.min_spent_usd !== undefined ? { min_spent_usd: new Prisma.Decimal(input.min_spent_usd) } : {}),
    ...(input.min_sales_count !== undefined ? { min_sales_count: input.min_sales_count } : {}),
    ...(input.image_url !== undefined ? { image_url: input.image_url } : {}),
  };
}

/** The ladder, cheapest first (the order resellers climb it): one page and the count; the route wraps them in the envelope. */
export async function listTiers(db: Db, shop: Shop, page: Page) {
  const where = { shop_id: shop.id };
  const total = await db.resellerTier.count({ where });
  const tiers = await db.resellerTier.findMany({
    where,
    orderBy: [{ discount_percentage: "asc" }, { min_spent_usd: "asc" }, { id: "asc" }],
    skip: offsetOf(page),
    take: page.perPage,
  });
  return { data: tiers.map(serializeTierRecord), total };
}

async function findTier(db: Db, shop: Shop, tierId: number) {
  const tier = await db.resellerTier.findFirst({ where: { id: tierId, shop_id: shop.id } });
  if (!tier) throw notFound("Reseller tier");
  return tier;
}

export async function getTier(db: Db, shop: Shop, tierId: number) {
  return serializeTierRecord(await findTier(db, shop, tierId));
}

export async function createTier(db: Db, shop: Shop, input: TierInput) {
  const tier = await db.resellerTier.create({
    data: {
      shop_id: shop.id,
      name: input.name,
      discount_percentage: new Prisma.Decimal(input.discount_percentage),
      min_spent_usd: new Prisma.Decimal(input.min_spent_usd),
      min_sales_count: input.min_sales_count,
      image_url: input.image_url ?? null,
    },
  });
  return serializeTierRecord(tier);
}

export async function updateTier(db: Db, shop: Shop, tierId: number, input: Partial<TierInput>) {
  await findTier(db, shop, tierId);
  return serializeTierRecord(await db.resellerTier.update({ where: { id: tierId }, data: tierData(input) }));
}

export async function deleteTier(db: Db, shop: Shop, tierId: number) {
  const { count } = await db.resellerTier.deleteMany({ where: { id: tierId, shop_id: shop.id } });
  if (count === 0) throw notFound("Reseller tier");
  return { message: "Reseller tier deleted." };
}
