import { Prisma, type Db, type PrismaClient } from "../db";
import { sha256 } from "../crypto/tokens";

/**
 * The Idempotency-Key protocol, written once for POST /v1/reseller/invoices
 * (JSON) and the dynamic receiver (plain text): claim → replay → run →
 * store, all inside the ONE transaction that does the work.
 *
 * The claim is a transaction-scoped advisory lock on the key, so it dies with
 * its transaction: a concurrent duplicate finds it held and is answered 409
 * "in progress" at once; a request that fails rolls its claim back with its
 * work (nothing to release); a process killed mid-purchase loses its
 * connection, the server rolls the transaction back, and a retry succeeds at
 * once. The answer is stored in the same commit as the charge (by the
 * purchase's own write statement), so a committed charge always has its replay. The routes render the outcome (lib/api/respond.ts).
 */

/** Keys are answered for at least this long (API-CONVENTIONS: at least 24 hours). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

export const MISMATCH_MESSAGE = "Idempotency-Key was already used with a different request.";
export const IN_PROGRESS_MESSAGE = "A request with this Idempotency-Key is in progress.";

export type IdempotencyRequest = { scope: string; key: string; fingerprint: string };
export type StoredResponse = { status: number; body: string; contentType: string };

/** What a route renders: an answer kept as text, the first one or its replay. */
export type IdempotentAnswer = { response: StoredResponse; replayed: boolean };

/** A replay of the first answer, or the work's own result. */
export type Idempotent<T> = { replay: StoredResponse } | { done: T };

/** 409: the key is being used by a running request, or was used with another request. */
export class IdempotencyConflict extends Error {
  constructor(readonly reason: "in_progress" | "mismatch") {
    super(reason === "in_progress" ? IN_PROGRESS_MESSAGE : MISMATCH_MESSAGE);
  }
}

export function requestFingerprint(...parts: string[]): string {
  return sha256(parts.join("\u0000"));
}

/**
 * What the work returns: its result and the answer a replay repeats.
 * `stored`: the work's own write statement already stored that answer
 * (with `answerInsert`), which spares a round trip before the commit.
 */
export type IdempotentWork<T> = { result: T; response: StoredResponse; stored?: boolean };

/**
 * Runs `work` in one transaction under the key (or plainly without one).
 * `work` may throw to refuse: the transaction, claim included, rolls back.
 */
export async function idempotentTransaction<T>(
  client: PrismaClient,
  request: IdempotencyRequest | null,
  work: (tx: Db) => Promise<IdempotentWork<T>>,
  options: { maxWait: number; timeout: number },
): Promise<Idempotent<T>> {
  return client.$transaction(async (tx): Promise<Idempotent<T>> => {
    if (!request) return { done: (await work(tx)).result };
    await claim(tx, request);
    const stored = await storedResponse(tx, request);
    if (stored) return { replay: stored };
    const { result, response, stored: storedByWork } = await work(tx);
    if (!storedByWork) await tx.$executeRaw`WITH ${answerInsert(request, response)} SELECT 1`;
    if (Math.random() < 0.01) await tx.idempotencyRecord.deleteMany({ where: { expires_at: { lt: new Date() } } });
    return { done: result };
  }, options);
}

/**
 * The stored answer of a key, read without claiming it: a request refused
 * before its transaction (a catalog entry gone since the first answer) is
 * still answered with the replay the client is owed.
 */
export async function storedResponse(db: Db, request: IdempotencyRequest): Promise<StoredResponse | null> {
  const [row] = await db.$queryRaw<{ request_hash: string; response_status: number; response_body: string; response_type: string }[]>`
    SELECT "request_hash", "response_status", "response_body", "response_type" FROM "idempotency_records"
    WHERE "scope" = ${request.scope} AND "key" = ${request.key} AND "state" = 'completed' AND "expires_at" > ${new Date()}`;
  if (!row) return null;
  if (row.request_hash !== request.fingerprint) throw new IdempotencyConflict("mismatch");
  return { status: row.response_status, body: row.response_body, contentType: row.response_type };
}

/** `pg_try_advisory_xact_lock`: held until this transaction ends; another holder means in progress. */
async function claim(tx: Db, request: IdempotencyRequest): Promise<void> {
  // The scope never holds "|", so scope|key names one key; a 64-bit hash collision would only answer a spurious 409.
  const [row] = await tx.$queryRaw<{ claimed: boolean }[]>`
    SELECT pg_try_advisory_xact_lock(hashtextextended(${`${request.scope}|${request.key}`}, 0)) AS "claimed"`;
  if (!row?.claimed) throw new IdempotencyConflict("in_progress");
}

/**
 * A CTE ("idempotency_record") that stores the answer of a key, for the
 * statement that commits with the work: the protocol's own, or the work's
 * write statement (the reseller purchase). An expired record of the same
 * key is replaced.
 */
export function answerInsert(request: IdempotencyRequest, response: StoredResponse): Prisma.Sql {
  const now = new Date();
  return Prisma.sql`"idempotency_record" AS (
    INSERT INTO "idempotency_records"
      ("scope", "key", "request_hash", "state", "response_status", "response_body", "response_type", "created_at", "expires_at")
    VALUES (${request.scope}, ${request.key}, ${request.fingerprint}, 'completed', ${response.status}, ${response.body},
      ${response.contentType}, ${now}, ${new Date(now.getTime() + IDEMPOTENCY_TTL_MS)})
    ON CONFLICT ("scope", "key") DO UPDATE SET
      "request_hash" = EXCLUDED."request_hash", "state" = 'completed', "response_status" = EXCLUDED."response_status",
      "response_body" = EXCLUDED."response_body", "response_type" = EXCLUDED."response_type",
      "created_at" = EXCLUDED."created_at", "expires_at" = EXCLUDED."expires_at"
    RETURNING 1
  )`;
}

/** Replaces the stored body of a key (a later, fuller view of the same result: dynamic items delivered after the commit). */
export async function updateStoredBody(db: Db, request: IdempotencyRequest, body: string): Promise<void> {
  await db.idempotencyRecord.updateMany({
    where: { scope: request.scope, key: request.key, state: "completed" },
    data: { response_body: body },
  });
}
