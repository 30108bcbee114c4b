import { execute, Prisma, type PrismaClient } from "../db";

/** One row of the attempt log (`webhook_attempts`), as the worker writes it. */
export type AttemptRecord = {
  delivery_id: number;
  number: number;
  url: string;
  request_headers: Record<string, string>;
  request_body: string;
  response_status: number | null;
  response_body: string | null;
  duration_ms: number;
  error: string | null;
  created_at: Date;
};

type Waiting = { attempt: AttemptRecord; resolve: () => void; reject: (error: unknown) => void };

/** Successes waiting for the statement that records them, per client (one per process in practice). */
const queues = new WeakMap<PrismaClient, { waiting: Waiting[]; writing: boolean }>();

/** At most this many successes per statement (the attempt log carries each request's body). */
const BATCH = 200;

/**
 * Records a successful attempt; resolves once it is written. Successes that
 * end while a write is running wait for the next one and share it: at one
 * endpoint's full rate an attempt costs a fraction of a statement rather
 * than a transaction of its own.
 */
export function recordSuccess(client: PrismaClient, attempt: AttemptRecord): Promise<void> {
  let queue = queues.get(client);
  if (!queue) queues.set(client, (queue = { waiting: [], writing: false }));
  const written = new Promise<void>((resolve, reject) => queue.waiting.push({ attempt, resolve, reject }));
  if (!queue.writing) void drain(client, queue);
  return written;
}

async function drain(client: PrismaClient, queue: { waiting: Waiting[]; writing: boolean }) {
  queue.writing = true;
  try {
    while (queue.waiting.length) {
      const batch = queue.waiting.splice(0, BATCH);
      try {
        await writeSuccesses(
          client,
          batch.map((entry) => entry.attempt),
        );
        for (const entry of batch) entry.resolve();
      } catch (error) {
        for (const entry of batch) entry.reject(error);
      }
    }
  } finally {
    queue.writing = false;
  }
}

/**
 * One statement: the deliveries `succeeded`, their attempt rows, and their
 * endpoints' failing stretch ended. A delivery whose endpoint was deleted
 * during the attempt matches nothing and logs nothing.
 */
async function writeSuccesses(client: PrismaClient, attempts: AttemptRecord[]) {
  const now = new Date();
  await execute(
    client,
    Prisma.sql`
    WITH "done" AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(attempts)}::jsonb) AS o(
        "delivery_id" int, "number" int, "url" text, "request_headers" jsonb, "request_body" text,
        "response_status" int, "response_body" text, "duration_ms" int, "error" text, "created_at" timestamp(3))
    ), "delivery" AS (
      UPDATE "webhook_deliveries" d
         SET "status" = 'succeeded', "claimed_until" = NULL, "last_status" = o."response_status", "last_error" = NULL, "updated_at" = ${now}
        FROM "done" o
       WHERE d."id" = o."delivery_id"
      RETURNING d."id", d."endpoint_id"
    ), "attempt" AS (
      INSERT INTO "webhook_attempts" ("delivery_id", "number", "url", "request_headers", "request_body", "response_status",
        "response_body", "duration_ms", "error", "created_at")
      SELECT o."delivery_id", o."number", o."url", o."request_headers", o."request_body", o."response_status",
        o."response_body", o."duration_ms", o."error", o."created_at"
        FROM "done" o JOIN "delivery" ON "delivery"."id" = o."delivery_id"
       ORDER BY o."created_at", o."delivery_id"
      RETURNING "id"
    )
    UPDATE "webhook_endpoints" SET "failing_since" = NULL
     WHERE "id" IN (SELECT "endpoint_id" FROM "delivery") AND "failing_since" IS NOT NULL`,
  );
}
