import type { Db } from "../db";
import type { Role } from "../members/permissions";
import { serializeShop, shopInclude, type SecretDisclosure } from "./serialize";

/**
 * The shops the user is an active member of, with their role, never with
 * their secrets (see SecretDisclosure). `shopIds`: a key limited to some
 * shops lists only those.
 */
export async function listShops(db: Db, userId: number, shopIds: number[] | null) {
  const memberships = await db.shopMember.findMany({
    where: { user_id: userId, status: "active", shop: { deleted_at: null }, ...(shopIds ? { shop_id: { in: shopIds } } : {}) },
    include: { shop: { include: shopInclude } },
    orderBy: { shop_id: "asc" },
  });
  return memberships.map(({ shop, role }) => serializeShop(shop, role as Role, "withhold"));
}

export async function getShop(db: Db, shopId: number, role: Role, secrets: SecretDisclosure) {
  return serializeShop(await db.shop.findUniqueOrThrow({ where: { id: shopId }, include: shopInclude }), role, secrets);
}
