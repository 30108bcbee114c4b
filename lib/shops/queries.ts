import type { Db } from "../db";
import { serializeShop, shopInclude, type SecretDisclosure } from "./serialize";

/** The caller's shops: never with their secrets (see SecretDisclosure). */
export async function listShops(db: Db, ownerId: number) {
  const shops = await db.shop.findMany({ where: { owner_id: ownerId }, include: shopInclude, orderBy: { id: "asc" } });
  return shops.map((shop) => serializeShop(shop, "withhold"));
}

export async function getShop(db: Db, shopId: number, secrets: SecretDisclosure) {
  return serializeShop(await db.shop.findUniqueOrThrow({ where: { id: shopId }, include: shopInclude }), secrets);
}
