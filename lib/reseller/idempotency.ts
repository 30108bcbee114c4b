import { db, Prisma, query, sqlTransaction, type Db, type SqlTransactionOptions, type SqlTx } from "../db";
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
 * Runs `work` in one transaction under the key (or plainly without one), below
 * Prisma on its connection pool (lib/db/query.ts): the purchase's
 * round trips are its throughput. `work` may throw to refuse: the
 * transaction, claim included, rolls back.
 */
export async function idempotentTransaction<T>(
  request: IdempotencyRequest | null,
  work: (tx: SqlTx) => Promise<IdempotentWork<T>>,
  options: SqlTransactionOptions,
): Promise<Idempotent<T>> {
  const outcome = await sqlTransaction(async (tx): Promise<Idempotent<T>> => {
    if (!request) return { done: (await work(tx)).result };
    const stored = await claim(tx, request);
    if (stored) return { replay: stored };
    const { result, response, stored: storedByWork } = await work(tx);
    if (!storedByWork) await query(tx, Prisma.sql`WITH ${answerInsert(request, response)} SELECT 1`);
    return { done: result };
  }, options);
  // expired answers are swept now and then, after the commit: never under the purchase's locks
  if (request && Math.random() < 0.01) {
    await db()
      .idempotencyRecord.deleteMany({ where: { expires_at: { lt: new Date() } } })
      .catch(() => {});
  }
  return outcome;
}

/**
 * The stored answer of a key, read without claiming it: a request refused
 * before its transaction (a catalog entry gone since the first answer) is
 * still answered with the replay the client is owed.
 */
export async function storedResponse(db: Db, request: IdempotencyRequest): Promise<StoredResponse | null> {
  const [row] = await query<StoredRow>(db, Prisma.sql`SELECT * FROM idempotency_answer(${request.scope}, ${request.key}, ${new Date()})`);
  return row ? replayOf(row, request) : null;
}

type StoredRow = { request_hash: string; response_status: number; response_body: string; response_type: string };

function replayOf(row: StoredRow, request: IdempotencyRequest): StoredResponse {
  if (row.request_hash !== request.fingerprint) throw new IdempotencyConflict("mismatch");
  return { status: row.response_status, body: row.response_body, contentType: row.response_type };
}

/**
 * Claims the key for this transaction and reads its stored answer, in one
 * round trip (the `idempotency_claim` function of the migration
 * 20261124190000: its lookup, `idempotency_answer` as in `storedResponse`,
 * runs after the lock is held). Another holder means in progress.
 */
async function claim(tx: SqlTx, request: IdempotencyRequest): Promise<StoredResponse | null> {
  const rows = await query<StoredRow | { [K in keyof StoredRow]: null }>(
    tx,
    Prisma.sql`SELECT * FROM idempotency_claim(${request.scope}, ${request.key}, ${new Date()})`,
  );
  const row = rows[0];
  if (!row) throw new IdempotencyConflict("in_progress");
  return row.request_hash === null ? null : replayOf(row as StoredRow, request);
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
