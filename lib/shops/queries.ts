import type { Db } from "../db";
import { serializeShop, shopInclude } from "./serialize";

export async function listShops(db: Db, ownerId: number) {
  const shops = await db.shop.findMany({ where: { owner_id: ownerId }, include: shopInclude, orderBy: { id: "asc" } });
  return shops.map(serializeShop);
}

export async function getShop(db: Db, shopId: number) {
  return serializeShop(await db.shop.findUniqueOrThrow({ where: { id: shopId }, include: shopInclude }));
}
