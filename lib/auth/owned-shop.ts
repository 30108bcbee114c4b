import type { Shop, User } from "../generated/prisma/client";

/** What a seller route knows of the shop it names: domain functions that take the caller's shop read no more. */
export type OwnedShop = Pick<Shop, "id" | "name" | "currency">;

/**
 * An authenticated seller, with `shops` holding the shop the route names when
 * they own it, else empty. `credential`: how the request proved it, since a
 * browser session is never sent a stored secret and an API key may be.
 */
export type SellerUser = Pick<User, "id" | "email" | "name"> & { shops: OwnedShop[]; credential: "api_key" | "session" };

/** The shop id a route names, or an id no shop has (no shop named, or a malformed id). */
export function ownedShopId(shopId: number | null): number {
  return shopId ?? 0;
}

/**
 * The user's `shops` relation narrowed to the shop a route names, so that
 * authentication and the ownership check are one query.
 */
export function ownedShop(shopId: number | null) {
  return { shops: { where: { id: ownedShopId(shopId) }, select: { id: true, name: true, currency: true }, take: 1 } } as const;
}
