import { Prisma, query, type SqlTx } from "../db";
import { MAX_TIMESTAMP_SKEW_SECONDS } from "../dynamic/signature";

/**
 * Beyond the spec: its signature covers the body only, so a captured body
 * and signature sent again with a fresh X-Timestamp and a new
 * Idempotency-Key would be charged again. The receiver remembers the
 * signature of every charged request for the whole width of the timestamp
 * window (a request's own X-Timestamp may be up to the skew in the past or
 * the future) and refuses the same signature under another key. The same
 * key still replays the first answer (the idempotency record answers first).
 */
export const SIGNATURE_MEMORY_MS = 2 * MAX_TIMESTAMP_SKEW_SECONDS * 1000;

export const REPLAY_MESSAGE = "This signed request was already accepted under another Idempotency-Key.";

export class SignatureReplayed extends Error {
  constructor() {
    super(REPLAY_MESSAGE);
  }
}

/**
 * Records the signature in the charge's transaction, or refuses it when it
 * is remembered. Runs under the reseller's row lock, so of two requests with
 * one signature the second waits for the first's commit and then sees its
 * row; an expired row is taken over.
 */
export async function rememberSignature(tx: SqlTx, resellerId: number, signature: string): Promise<void> {
  const now = new Date();
  const remembered = await query<{ reseller_id: number }>(
    tx,
    Prisma.sql`
    INSERT INTO "receiver_signatures" ("reseller_id", "signature", "expires_at")
    VALUES (${resellerId}, ${signature.toLowerCase()}, ${new Date(now.getTime() + SIGNATURE_MEMORY_MS)})
    ON CONFLICT ("reseller_id", "signature") DO UPDATE SET "expires_at" = EXCLUDED."expires_at"
    WHERE "receiver_signatures"."expires_at" < ${now}
    RETURNING "reseller_id"`,
  );
  if (!remembered[0]) throw new SignatureReplayed();
  if (Math.random() < 0.01) await query(tx, Prisma.sql`DELETE FROM "receiver_signatures" WHERE "expires_at" < ${now}`);
}
