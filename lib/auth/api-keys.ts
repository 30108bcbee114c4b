import { Prisma, query, type Db } from "../db";
import type { Reseller } from "../generated/prisma/client";
import { randomToken, sha256 } from "../crypto/tokens";
import { notFound } from "../api/errors";
import { ownedShopId, type SellerUser } from "./owned-shop";
import type { ApiKeyView } from "./schemas";

export const SELLER_KEY_PREFIX = "sd_live_";
export const RESELLER_KEY_PREFIX = "sd_rsl_";

/** How often last_used_at is written: a read-heavy client must not write on every request. */
const LAST_USED_RESOLUTION_MS = 60_000;

export function bearerToken(request: Request): string | null {
  const header = request.headers.get("authorization");
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1] ?? null;
}

/** Creates a seller API key; the plain key is returned once and only its hash is kept. */
export async function createSellerApiKey(db: Db, userId: number, name: string) {
  const key = randomToken(SELLER_KEY_PREFIX);
  const record = await db.apiKey.create({
    data: { user_id: userId, name, prefix: key.slice(0, SELLER_KEY_PREFIX.length + 6), key_hash: sha256(key) },
  });
  return { key, record };
}

/**
 * The owner of a seller key, with the shop of the request when they own it
 * (`shops` holds it or is empty): one statement for both on every seller
 * route, read below Prisma (lib/db/query.ts).
 */
export async function userForSellerKey(db: Db, key: string, shopId: number | null): Promise<SellerUser | null> {
  if (!key.startsWith(SELLER_KEY_PREFIX)) return null;
  const [row] = await query<SellerKeyRow>(
    db,
    Prisma.sql`SELECT k.id AS key_id, k.last_used_at, u.id, u.email, u.name,
        s.id AS shop_id, s.name AS shop_name, s.currency AS shop_currency
      FROM api_keys k JOIN users u ON u.id = k.user_id
      LEFT JOIN shops s ON s.id = ${ownedShopId(shopId)} AND s.owner_id = u.id
      WHERE k.key_hash = ${sha256(key)} AND k.revoked_at IS NULL`,
  );
  if (!row) return null;
  const now = Date.now();
  if (!row.last_used_at || now - row.last_used_at.getTime() > LAST_USED_RESOLUTION_MS) {
    await db.apiKey.update({ where: { id: row.key_id }, data: { last_used_at: new Date(now) } });
  }
  const shops = row.shop_id === null ? [] : [{ id: row.shop_id, name: row.shop_name!, currency: row.shop_currency! }];
  return { id: row.id, email: row.email, name: row.name, shops, credential: "api_key" };
}

type SellerKeyRow = {
  key_id: number;
  last_used_at: Date | null;
  id: number;
  email: string;
  name: string;
  shop_id: number | null;
  shop_name: string | null;
  shop_currency: string | null;
};

/**
 * An approved reseller's key: its reseller row, read below Prisma as the
 * seller's key is. `*` is the model: the resellers table's columns are its
 * fields, none renamed by `@map` (prisma/schema.prisma).
 */
export async function resellerForKey(db: Db, key: string): Promise<Reseller | null> {
  if (!key.startsWith(RESELLER_KEY_PREFIX)) return null;
  const [reseller] = await query<Reseller>(
    db,
    Prisma.sql`SELECT * FROM resellers WHERE api_key_hash = ${sha256(key)} AND status = 'approved'`,
  );
  return reseller ?? null;
}

/** Issues a new reseller API key; the previous one stops working in the same statement. */
export async function rotateResellerApiKey(db: Db, resellerId: number) {
  const key = randomToken(RESELLER_KEY_PREFIX);
  await db.reseller.update({
    where: { id: resellerId },
    data: { api_key_hash: sha256(key), api_key_prefix: key.slice(0, RESELLER_KEY_PREFIX.length + 6) },
  });
  return key;
}

export function serializeApiKey(key: {
  id: number;
  name: string;
  prefix: string;
  last_used_at: Date | null;
  revoked_at: Date | null;
  created_at: Date;
}): ApiKeyView {
  return {
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    last_used_at: key.last_used_at?.toISOString() ?? null,
    revoked_at: key.revoked_at?.toISOString() ?? null,
    created_at: key.created_at.toISOString(),
  };
}

export async function listSellerApiKeys(db: Db, userId: number) {
  const keys = await db.apiKey.findMany({ where: { user_id: userId }, orderBy: { id: "desc" } });
  return keys.map(serializeApiKey);
}

/** Revocation keeps the row (for the record) and stops the key at once. */
export async function revokeSellerApiKey(db: Db, userId: number, keyId: number) {
  const { count } = await db.apiKey.updateMany({
    where: { id: keyId, user_id: userId, revoked_at: null },
    data: { revoked_at: new Date() },
  });
  if (count === 0) throw notFound("API key");
  return { message: "API key deleted." };
}
