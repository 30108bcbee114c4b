import type { Db } from "../db";
import type { Prisma } from "../db";
import type { AuditAction, AuditTargetType } from "./actions";
import type { AuditActor, AuditContext } from "./context";

type Value = string | number | boolean | null | string[] | number[];

/** `{field: {old, new}}`: a created target has no `old`, a removed one no `new`. */
export type AuditChanges = Record<string, { old?: Value; new?: Value }>;

export type AuditEntryInput = {
  action: AuditAction;
  target: { type: AuditTargetType; id: number | null };
  changes?: AuditChanges;
};

/**
 * Appends one entry to a shop's log. Called with the transaction of the
 * change it records (never the process's client), so a rolled-back change
 * leaves no entry and a committed one always has one.
 */
export async function recordAudit(tx: Db, context: AuditContext, entry: AuditEntryInput): Promise<void> {
  await recordAuditInShops(tx, context, [context.shopId], entry);
}

/** The same entry in several shops' logs (an API key reaching them). */
export async function recordAuditInShops(tx: Db, actor: AuditActor, shopIds: number[], entry: AuditEntryInput): Promise<void> {
  if (!shopIds.length) return;
  const now = new Date();
  await tx.auditEntry.createMany({
    data: shopIds.map((shopId) => ({
      shop_id: shopId,
      user_id: actor.userId,
      api_key_id: actor.apiKeyId,
      actor_label: actor.label,
      action: entry.action,
      target_type: entry.target.type,
      target_id: entry.target.id,
      changes: (entry.changes ?? {}) as Prisma.InputJsonValue,
      ip: actor.ip,
      user_agent: actor.userAgent,
      created_at: now,
    })),
  });
}

function same(a: Value | undefined, b: Value | undefined): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** The fields whose value differs between `before` and `after`, as `{field: {old, new}}`. */
export function changedFields<T extends Record<string, Value>>(before: T, after: T, fields: (keyof T & string)[]): AuditChanges {
  const changes: AuditChanges = {};
  for (const field of fields) {
    if (!same(before[field], after[field])) changes[field] = { old: before[field] ?? null, new: after[field] ?? null };
  }
  return changes;
}

/**
 * A secret as the log shows it: its last four characters after a mask
 * (`••••1234`), enough to tell two keys apart and never enough to use one;
 * a short one is only `••••`. Null stays null (not set).
 */
export function maskSecret(plain: string | null | undefined): string | null {
  if (plain === null || plain === undefined) return null;
  return plain.length >= 12 ? `••••${plain.slice(-4)}` : "••••";
}
