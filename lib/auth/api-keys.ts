import { Prisma, query, type Db, type PrismaClient } from "../db";
import type { AuditActor } from "../audit/context";
import { recordAuditInShops, type AuditChanges } from "../audit/record";
import type { ApiKey, Reseller } from "../generated/prisma/client";
import { randomToken, sha256 } from "../crypto/tokens";
import { invalid, notFound } from "../api/errors";
import type { KeyScope, Role } from "../members/permissions";
import { ownedShopId, type SellerUser } from "./owned-shop";
import type { ApiKeyView, CreateApiKeyInput } from "./schemas";

export const SELLER_KEY_PREFIX = "sd_live_";
export const RESELLER_KEY_PREFIX = "sd_rsl_";

/** How often last_used_at is written: a read-heavy client must not write on every request. */
const LAST_USED_RESOLUTION_MS = 60_000;

export function bearerToken(request: Request): string | null {
  const header = request.headers.get("authorization");
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1] ?? null;
}

/**
 * Creates a seller API key; the plain key is returned once and only its hash
 * is kept. A key belongs to its user, not to a shop: the audit log of every
 * shop it reaches (its `shop_ids`, else every shop the user is a member of
 * now) records it, in the transaction that makes it.
 */
export async function createSellerApiKey(client: PrismaClient, userId: number, input: CreateApiKeyInput, actor: AuditActor) {
  await refuseForeignShops(client, userId, input.shop_ids);
  const key = randomToken(SELLER_KEY_PREFIX);
  const record = await client.$transaction(async (tx) => {
    const record = await tx.apiKey.create({
      data: {
        user_id: userId,
        name: input.name,
        prefix: key.slice(0, SELLER_KEY_PREFIX.length + 6),
        key_hash: sha256(key),
        scope: input.scope,
        shop_ids: [...new Set(input.shop_ids ?? [])].sort((a, b) => a - b),
        expires_at: input.expires_at ?? null,
      },
      include: apiKeyInclude,
    });
    await recordAuditInShops(tx, actor, await shopsReached(tx, record), {
      action: "api_key.created",
      target: { type: "api_key", id: record.id },
      changes: keyFields(record, "new"),
    });
    return record;
  });
  return { key, record };
}

/** The shops a key reaches: its own list, or every shop its user is an active member of. */
async function shopsReached(tx: Db, key: Pick<ApiKey, "user_id" | "shop_ids">): Promise<number[]> {
  const rows = await tx.shopMember.findMany({
    where: { user_id: key.user_id, status: "active", ...(key.shop_ids.length ? { shop_id: { in: key.shop_ids } } : {}) },
    select: { shop_id: true },
    orderBy: { shop_id: "asc" },
  });
  return rows.map((row) => row.shop_id);
}

/** What the log shows of a key: never its hash, only the prefix the list shows too. */
function keyFields(key: ApiKey, side: "old" | "new"): AuditChanges {
  const fields = {
    name: key.name,
    prefix: key.prefix,
    scope: key.scope,
    shop_ids: key.shop_ids.length ? key.shop_ids : null,
    expires_at: key.expires_at?.toISOString() ?? null,
  };
  return Object.fromEntries(Object.entries(fields).map(([field, value]) => [field, { [side]: value }]));
}

/** A key limited to shops names only shops its user is a member of now (422 on the first other one). */
async function refuseForeignShops(db: Db, userId: number, shopIds: number[] | undefined) {
  if (!shopIds?.length) return;
  const rows = await db.shopMember.findMany({
    where: { user_id: userId, status: "active", shop_id: { in: shopIds }, shop: { deleted_at: null } },
    select: { shop_id: true },
  });
  const mine = new Set(rows.map((row) => row.shop_id));
  const index = shopIds.findIndex((id) => !mine.has(id));
  if (index >= 0) throw invalid(`shop_ids.${index}`, `The selected shop_ids.${index} is invalid.`);
}

/**
 * The user of a seller key, with the shop of the request when they are an
 * active member of it and the key reaches it (`shops` holds it with their
 * role, or is empty): one statement for both on every seller route, read
 * below Prisma (lib/db/query.ts). A revoked or expired key is no key.
 */
export async function userForSellerKey(db: Db, key: string, shopId: number | null): Promise<SellerUser | null> {
  if (!key.startsWith(SELLER_KEY_PREFIX)) return null;
  const [row] = await query<SellerKeyRow>(
    db,
    Prisma.sql`SELECT k.id AS key_id, k.name AS key_name, k.last_used_at, k.expires_at, k.scope, k.shop_ids, u.id, u.email, u.name,
        s.id AS shop_id, s.name AS shop_name, s.currency AS shop_currency, m.role
      FROM api_keys k JOIN users u ON u.id = k.user_id
      LEFT JOIN (shop_members m JOIN shops s ON s.id = m.shop_id AND s.deleted_at IS NULL)
        ON m.shop_id = ${ownedShopId(shopId)} AND m.user_id = u.id AND m.status = 'active'
          AND (cardinality(k.shop_ids) = 0 OR m.shop_id = ANY(k.shop_ids))
      WHERE k.key_hash = ${sha256(key)} AND k.revoked_at IS NULL`,
  );
  const now = Date.now();
  // compared here, not in SQL: the column is a UTC timestamp without zone and the server's zone is not ours to assume
  if (!row || (row.expires_at && row.expires_at.getTime() <= now)) return null;
  if (!row.last_used_at || now - row.last_used_at.getTime() > LAST_USED_RESOLUTION_MS) {
    await db.apiKey.update({ where: { id: row.key_id }, data: { last_used_at: new Date(now) } });
  }
  const shops =
    row.shop_id === null ? [] : [{ id: row.shop_id, name: row.shop_name!, currency: row.shop_currency!, role: row.role as Role }];
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    shops,
    credential: "api_key",
    scope: row.scope,
    shopIds: row.shop_ids.length ? row.shop_ids : null,
    // a key has no sign-in to repeat: sensitive changes by key are not asked to re-authenticate (docs/accounts.md)
    reauthenticatedAt: null,
    apiKey: { id: row.key_id, name: row.key_name },
  };
}

type SellerKeyRow = {
  key_id: number;
  key_name: string;
  last_used_at: Date | null;
  expires_at: Date | null;
  scope: KeyScope;
  shop_ids: number[];
  id: number;
  email: string;
  name: string;
  shop_id: number | null;
  shop_name: string | null;
  shop_currency: string | null;
  role: string | null;
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
    // a reseller of a deleted (archived) shop is no reseller
    Prisma.sql`SELECT * FROM resellers WHERE api_key_hash = ${sha256(key)} AND status = 'approved'
      AND shop_id IN (SELECT id FROM shops WHERE deleted_at IS NULL)`,
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

const apiKeyInclude = { user: { select: { email: true, name: true } } } as const;

export function serializeApiKey(key: ApiKey & { user: { email: string; name: string } }): ApiKeyView {
  return {
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    scope: key.scope as KeyScope,
    shop_ids: key.shop_ids.length ? key.shop_ids : null,
    expires_at: key.expires_at?.toISOString() ?? null,
    last_used_at: key.last_used_at?.toISOString() ?? null,
    revoked_at: key.revoked_at?.toISOString() ?? null,
    created_at: key.created_at.toISOString(),
    created_by: { email: key.user.email, name: key.user.name },
  };
}

export async function listSellerApiKeys(db: Db, userId: number) {
  const keys = await db.apiKey.findMany({ where: { user_id: userId }, include: apiKeyInclude, orderBy: { id: "desc" } });
  return keys.map(serializeApiKey);
}
/** Revocation keeps the row (for the record) and stops the key at once; the shops it reached log it. */
export async function revokeSellerApiKey(client: PrismaClient, userId: number, keyId: number, actor: AuditActor) {
  return client.$transaction(async (tx) => {
    const { count } = await tx.apiKey.updateMany({
      where: { id: keyId, user_id: userId, revoked_at: null },
      data: { revoked_at: new Date() },
    });
    if (count === 0) throw notFound("API key");
    const key = await tx.apiKey.findUniqueOrThrow({ where: { id: keyId } });
    await recordAuditInShops(tx, actor, await shopsReached(tx, key), {
      action: "api_key.revoked",
      target: { type: "api_key", id: key.id },
      changes: keyFields(key, "old"),
    });
    return { message: "API key deleted." };
  });
}
