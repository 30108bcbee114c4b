import { Prisma, query, type Db, type PrismaClient } from "../db";
import { invalid, notFound } from "../api/errors";
import { offsetOf } from "../api/pagination";
import type { BlacklistEntry } from "../generated/prisma/client";
import { likeContains } from "../validation/like-pattern";
import { normalizeExact } from "./rules";
import {
  createBlacklistEntrySchema,
  type BlacklistEntryView,
  type BlacklistType,
  type CreateBlacklistEntryInput,
  type ListBlacklistQuery,
  type UpdateBlacklistEntryInput,
} from "./schemas";

export function serializeBlacklistEntry(entry: BlacklistEntry): BlacklistEntryView {
  return {
    id: entry.id,
    shop_id: entry.shop_id,
    type: entry.type,
    value: entry.value,
    match_type: entry.match_type,
    reason: entry.reason,
    created_at: entry.created_at.toISOString(),
    updated_at: entry.updated_at.toISOString(),
  };
}

/** What is stored: an exact value in its canonical form (lower-cased email, `AS` dropped, canonical address). */
function storedFields(input: CreateBlacklistEntryInput) {
  const value = input.match_type === "exact" ? normalizeExact(input.type, input.value) : input.value;
  return { type: input.type, value, match_type: input.match_type, reason: input.reason };
}

export async function listBlacklist(db: Db, shopId: number, query: ListBlacklistQuery) {
  const search = query.search ? { contains: likeContains(query.search), mode: "insensitive" as const } : undefined;
  const where = {
    shop_id: shopId,
    ...(query.type ? { type: query.type } : {}),
    ...(search ? { OR: [{ value: search }, { reason: search }] } : {}),
  };
  const [rows, total] = await Promise.all([
    db.blacklistEntry.findMany({ where, orderBy: { id: "desc" }, skip: offsetOf(query), take: query.perPage }),
    db.blacklistEntry.count({ where }),
  ]);
  return { data: rows.map(serializeBlacklistEntry), total };
}

async function findEntry(db: Db, shopId: number, entryId: number) {
  const entry = await db.blacklistEntry.findFirst({ where: { id: entryId, shop_id: shopId } });
  if (!entry) throw notFound("Blacklist entry");
  return entry;
}

export async function getBlacklistEntry(db: Db, shopId: number, entryId: number) {
  return serializeBlacklistEntry(await findEntry(db, shopId, entryId));
}

/**
 * Entries a shop may hold: every checkout of the shop tests the buyer against
 * all of them (lib/blacklist/screen.ts), so their number is bounded like any
 * other work a seller can ask of each checkout.
 */
export const BLACKLIST_ENTRIES_PER_SHOP = 1_000;

export async function createBlacklistEntry(client: PrismaClient, shopId: number, input: CreateBlacklistEntryInput) {
  const entry = await client.$transaction(async (tx) => {
    // the shop's row lock: two creates racing for the last place count one after the other
    await query(tx, Prisma.sql`SELECT id FROM shops WHERE id = ${shopId} FOR UPDATE`);
    if ((await tx.blacklistEntry.count({ where: { shop_id: shopId } })) >= BLACKLIST_ENTRIES_PER_SHOP) {
      throw invalid(
        "value",
        `A shop holds at most ${BLACKLIST_ENTRIES_PER_SHOP} blacklist entries: delete one first, or cover several with a regex.`,
      );
    }
    return tx.blacklistEntry.create({ data: { shop_id: shopId, ...storedFields(input) } });
  });
  return serializeBlacklistEntry(entry);
}

/**
 * Fields not sent keep their value, and the merged entry must be a valid new
 * one (changing only `type` to `ip` re-checks the old value as an address):
 * its errors are the 422 of the fields as a create would name them.
 */
export async function updateBlacklistEntry(db: Db, shopId: number, entryId: number, input: UpdateBlacklistEntryInput) {
  const current = await findEntry(db, shopId, entryId);
  const merged = createBlacklistEntrySchema.parse({
    type: input.type ?? (current.type as BlacklistType),
    value: input.value ?? current.value,
    match_type: input.match_type ?? current.match_type,
    reason: input.reason === undefined ? current.reason : input.reason,
  });
  const { count } = await db.blacklistEntry.updateMany({ where: { id: entryId, shop_id: shopId }, data: storedFields(merged) });
  if (!count) throw notFound("Blacklist entry");
  return getBlacklistEntry(db, shopId, entryId);
}

export async function deleteBlacklistEntry(db: Db, shopId: number, entryId: number) {
  const { count } = await db.blacklistEntry.deleteMany({ where: { id: entryId, shop_id: shopId } });
  if (!count) throw notFound("Blacklist entry");
  return { message: "Blacklist entry deleted." };
}
