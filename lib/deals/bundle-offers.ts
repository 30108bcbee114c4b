import { Prisma, query, type Db, type PrismaClient } from "../db";
import { notFound } from "../api/errors";
import { offsetOf } from "../api/pagination";
import { checkBundleProducts } from "./references";
import type { BundleOfferInput, PromotionListQuery } from "./schemas";
import { bundleOfferInclude, serializeBundleOffer } from "./serialize";

const notFoundOffer = () => notFound("Bundle offer");

function columns(input: BundleOfferInput) {
  return {
    name: input.name,
    type: input.type,
    discount: input.discount,
    max_uses_per_cart: input.max_uses_per_cart,
    priority: input.priority ?? 0,
    starts_at: input.starts_at,
    ends_at: input.ends_at,
    enabled: input.enabled,
  };
}

/** Newest first. */
export async function listBundleOffers(db: Db, shopId: number, page: PromotionListQuery) {
  const [rows, total] = await Promise.all([
    db.bundleOffer.findMany({
      where: { shop_id: shopId },
      include: bundleOfferInclude,
      orderBy: { id: "desc" },
      skip: offsetOf(page),
      take: page.perPage,
    }),
    db.bundleOffer.count({ where: { shop_id: shopId } }),
  ]);
  return { data: rows.map(serializeBundleOffer), total };
}

export async function getBundleOffer(db: Db, shopId: number, id: number) {
  const offer = await db.bundleOffer.findFirst({ where: { id, shop_id: shopId }, include: bundleOfferInclude });
  if (!offer) throw notFoundOffer();
  return serializeBundleOffer(offer);
}

/** The offer and its items in one transaction: a refused item leaves nothing behind. */
export async function createBundleOffer(client: PrismaClient, shopId: number, input: BundleOfferInput) {
  return client.$transaction(async (tx) => {
    const productIds = await checkBundleProducts(tx, shopId, input.items);
    const offer = await tx.bundleOffer.create({
      data: { shop_id: shopId, ...columns(input), items: { create: productIds.map((product_id) => ({ product_id })) } },
      include: bundleOfferInclude,
    });
    return serializeBundleOffer(offer);
  });
}

/** A full replacement, items included. The offer row is locked so two updates cannot interleave their item lists. */
export async function updateBundleOffer(client: PrismaClient, shopId: number, id: number, input: BundleOfferInput) {
  return client.$transaction(async (tx) => {
    const locked = await query<{ id: number }>(
      tx,
      Prisma.sql`SELECT id FROM bundle_offers WHERE id = ${id} AND shop_id = ${shopId} FOR UPDATE`,
    );
    if (!locked.length) throw notFoundOffer();
    const productIds = await checkBundleProducts(tx, shopId, input.items);
    await tx.bundleOfferItem.deleteMany({ where: { bundle_offer_id: id } });
    const offer = await tx.bundleOffer.update({
      where: { id },
      data: { ...columns(input), items: { create: productIds.map((product_id) => ({ product_id })) } },
      include: bundleOfferInclude,
    });
    return serializeBundleOffer(offer);
  });
}

export async function deleteBundleOffer(db: Db, shopId: number, id: number) {
  const deleted = await db.bundleOffer.deleteMany({ where: { id, shop_id: shopId } });
  if (deleted.count === 0) throw notFoundOffer();
  return { message: "Bundle offer deleted." };
}
