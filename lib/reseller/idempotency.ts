import type { Db } from "../db";
import { sha256 } from "../crypto/tokens";

/**
 * Idempotency-Key handling shared by POST /v1/reseller/invoices and the
 * dynamic receiver. The key is claimed by inserting an `in_progress` record
 * in its own statement BEFORE any work, so of two concurrent requests with
 * one key exactly one proceeds (the unique (scope, key) index decides). The
 * winner stores its response in the same transaction as the charge
 * (`completeIdempotency`), so a committed charge always has its replay.
 * Failures release the key, so a corrected retry can run.
 */

/** Keys are answered for at least this long (API-CONVENTIONS: at least 24 hours). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * A claim still in progress after this long belongs to a request that died
 * before committing (transactions time out well before it), so nothing was
 * charged and the key may be claimed again.
 */
const ABANDONED_AFTER_MS = 2 * 60 * 1000;

export type StoredResponse = { status: number; body: string; contentType: string };

export type IdempotencyClaim =
  { kind: "claimed"; id: number } | { kind: "replay"; response: StoredResponse } | { kind: "mismatch" } | { kind: "in_progress" };

export const MISMATCH_MESSAGE = "Idempotency-Key was already used with a different request.";
export const IN_PROGRESS_MESSAGE = "A request with this Idempotency-Key is in progress.";

export function requestFingerprint(...parts: string[]): string {
  return sha256(parts.join("\u0000"));
}

export async function claimIdempotencyKey(db: Db, scope: string, key: string, fingerprint: string): Promise<IdempotencyClaim> {
  if (Math.random() < 0.01) await db.idempotencyRecord.deleteMany({ where: { expires_at: { lt: new Date() } } });
  for (let attempt = 0; attempt < 3; attempt++) {
    const now = new Date();
    const inserted = await db.$queryRaw<{ id: number }[]>`
      INSERT INTO "idempotency_records" ("scope", "key", "request_hash", "state", "created_at", "expires_at")
      VALUES (${scope}, ${key}, ${fingerprint}, 'in_progress', ${now}, ${new Date(now.getTime() + IDEMPOTENCY_TTL_MS)})
      ON CONFLICT ("scope", "key") DO NOTHING
      RETURNING "id"`;
    if (inserted[0]) return { kind: "claimed", id: inserted[0].id };

    const existing = await db.idempotencyRecord.findUnique({ where: { scope_key: { scope, key } } });
    if (!existing) continue; // released in between: try again
    const expired = existing.expires_at < now;
    const abandoned = existing.state === "in_progress" && now.getTime() - existing.created_at.getTime() > ABANDONED_AFTER_MS;
    if (expired || abandoned) {
      await db.idempotencyRecord.deleteMany({ where: { id: existing.id, state: existing.state, created_at: existing.created_at } });
      continue;
    }
    if (existing.request_hash !== fingerprint) return { kind: "mismatch" };
    if (existing.state !== "completed") return { kind: "in_progress" };
    return {
      kind: "replay",
      response: {
        status: existing.response_status ?? 200,
        body: existing.response_body ?? "",
        contentType: existing.response_type ?? "application/json; charset=utf-8",
      },
    };
  }
  return { kind: "in_progress" };
}

/** Stores the response of a claimed key; call it inside the transaction that did the work. */
export async function completeIdempotency(db: Db, id: number, response: StoredResponse): Promise<void> {
  await db.idempotencyRecord.update({
    where: { id },
    data: { state: "completed", response_status: response.status, response_body: response.body, response_type: response.contentType },
  });
}

/** Replaces the stored body of a completed key (a later, fuller view of the same result). */
export async function updateStoredBody(db: Db, id: number, body: string): Promise<void> {
  await db.idempotencyRecord.updateMany({ where: { id, state: "completed" }, data: { response_body: body } });
}

/** Releases a claim whose request failed before doing anything. */
export async function releaseIdempotencyKey(db: Db, id: number): Promise<void> {
  await db.idempotencyRecord.deleteMany({ where: { id, state: "in_progress" } });
}
