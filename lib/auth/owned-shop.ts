import type { Shop, User } from "../generated/prisma/client";
import type { KeyScope, Role } from "../members/permissions";

/** What a seller route knows of the shop it names: domain functions that take the caller's shop read no more. */
export type OwnedShop = Pick<Shop, "id" | "name" | "currency">;

/** The shop a route names, with the caller's role in it (lib/members/permissions.ts). */
export type MemberShop = OwnedShop & { role: Role };

/**
 * An authenticated seller, with `shops` holding the shop the route names when
 * they are an active member of it (and, for a key limited to some shops, it
 * is one of them), else empty. `credential`: how the request proved it,
 * since a browser session is never sent a stored secret and an API key may
 * be. `scope`: a read-only key's "read"; a session and other keys "write".
 */
export type SellerUser = Pick<User, "id" | "email" | "name"> & {
  shops: MemberShop[];
  credential: "api_key" | "session";
  scope: KeyScope;
  /** The shops a key is limited to; null: all the user's (a session, or a key without `shop_ids`). */
  shopIds: number[] | null;
  /** A session's last entry of the password or a two-factor code (lib/auth/reauth.ts); null for a key. */
  reauthenticatedAt: Date | null;
  /** The API key of the request (the audit log names it); null for a session. */
  apiKey: { id: number; name: string } | null;
};

/** The shop id a route names, or an id no shop has (no shop named, or a malformed id). */
export function ownedShopId(shopId: number | null): number {
  return shopId ?? 0;
}

/**
 * The user's active membership of the shop a route names (with the shop), so
 * that authentication and the access check are one query.
 */
export function ownedShop(shopId: number | null) {
  return {
    memberships: {
      where: { shop_id: ownedShopId(shopId), status: "active", shop: { deleted_at: null } },
      select: { role: true, shop: { select: { id: true, name: true, currency: true } } },
      take: 1,
    },
  } as const;
}

/** The named shop of a session's memberships, as SellerUser's `shops`. */
export function memberShops(memberships: { role: string; shop: OwnedShop }[]): MemberShop[] {
  return memberships.map(({ role, shop }) => ({ ...shop, role: role as Role }));
}
