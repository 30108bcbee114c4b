import type { Db, PrismaClient } from "../db";
import { notFound } from "../api/errors";
import { offsetOf } from "../api/pagination";
import { checkDealProduct } from "./references";
import type { PromotionListQuery, QuantityDealInput } from "./schemas";
import { quantityDealInclude, serializeQuantityDeal } from "./serialize";

const notFoundDeal = () => notFound("Quantity deal");

function columns(input: QuantityDealInput) {
  return {
    name: input.name,
    product_id: input.product_id,
    variant_id: input.variant_id,
    buy_quantity: input.buy_quantity,
    discounted_quantity: input.discounted_quantity,
    percentage: input.percentage,
    max_uses_per_cart: input.max_uses_per_cart,
    priority: input.priority ?? 0,
    starts_at: input.starts_at,
    ends_at: input.ends_at,
    enabled: input.enabled,
  };
}

/** Newest first. */
export async function listQuantityDeals(db: Db, shopId: number, page: PromotionListQuery) {
  const [rows, total] = await Promise.all([
    db.quantityDeal.findMany({
      where: { shop_id: shopId },
      include: quantityDealInclude,
      orderBy: { id: "desc" },
      skip: offsetOf(page),
      take: page.perPage,
    }),
    db.quantityDeal.count({ where: { shop_id: shopId } }),
  ]);
  return { data: rows.map(serializeQuantityDeal), total };
}

export async function getQuantityDeal(db: Db, shopId: number, id: number) {
  const deal = await db.quantityDeal.findFirst({ where: { id, shop_id: shopId }, include: quantityDealInclude });
  if (!deal) throw notFoundDeal();
  return serializeQuantityDeal(deal);
}

export async function createQuantityDeal(db: Db, shopId: number, input: QuantityDealInput) {
  await checkDealProduct(db, shopId, input.product_id, input.variant_id);
  const deal = await db.quantityDeal.create({ data: { shop_id: shopId, ...columns(input) }, include: quantityDealInclude });
  return serializeQuantityDeal(deal);
}

/** A full replacement; the shop condition in the update keeps another shop's deal out of reach. */
export async function updateQuantityDeal(client: PrismaClient, shopId: number, id: number, input: QuantityDealInput) {
  return client.$transaction(async (tx) => {
    const existing = await tx.quantityDeal.findFirst({ where: { id, shop_id: shopId }, select: { id: true } });
    if (!existing) throw notFoundDeal();
    await checkDealProduct(tx, shopId, input.product_id, input.variant_id);
    const updated = await tx.quantityDeal.updateMany({ where: { id, shop_id: shopId }, data: columns(input) });
    if (updated.count === 0) throw notFoundDeal();
    return serializeQuantityDeal(await tx.quantityDeal.findUniqueOrThrow({ where: { id }, include: quantityDealInclude }));
  });
}

export async function deleteQuantityDeal(db: Db, shopId: number, id: number) {
  const deleted = await db.quantityDeal.deleteMany({ where: { id, shop_id: shopId } });
  if (deleted.count === 0) throw notFoundDeal();
  return { message: "Quantity deal deleted." };
}
