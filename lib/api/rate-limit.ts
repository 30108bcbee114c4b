import type { Db } from "../db";
import { ApiError } from "./errors";
import { forwardedOf } from "./forwarded";

/**
 * Counters in the database, so every app process behind a load balancer
 * shares them. A sliding-window estimate (this window's count plus the
 * previous window's, weighted by how much of it still overlaps) so that a
 * burst across a window boundary cannot get twice the limit. Old windows are
 * swept now and then.
 */
function windowOf(windowSeconds: number) {
  const windowMs = windowSeconds * 1000;
  const now = Date.now();
  const start = new Date(Math.floor(now / windowMs) * windowMs);
  return { now, windowMs, start, previous: new Date(start.getTime() - windowMs) };
}

/** Counts a hit in this window and reads the previous window's count: one statement, one round trip. */
async function addHit(db: Db, key: string, window: ReturnType<typeof windowOf>): Promise<{ current: number; previous: number }> {
  const [row] = await db.$queryRaw<{ current: number; previous: number | null }[]>`
    WITH hit AS (
      INSERT INTO "rate_limit_counters" ("key", "window_start", "count") VALUES (${key}, ${window.start}, 1)
      ON CONFLICT ("key", "window_start") DO UPDATE SET "count" = "rate_limit_counters"."count" + 1
      RETURNING "count")
    SELECT (SELECT "count" FROM hit) AS current,
           (SELECT "count" FROM "rate_limit_counters" WHERE "key" = ${key} AND "window_start" = ${window.previous}) AS previous`;
  if (Math.random() < 0.01) {
    await db.$executeRaw`DELETE FROM "rate_limit_counters" WHERE "window_start" < ${new Date(window.now - 3600_000)}`;
  }
  return { current: row?.current ?? 0, previous: row?.previous ?? 0 };
}

function refuseAbove(estimate: number, limit: number, window: ReturnType<typeof windowOf>) {
  if (estimate > limit) {
    const retryAfter = Math.max(1, Math.ceil((window.start.getTime() + window.windowMs - window.now) / 1000));
    throw new ApiError({ status: 429, message: "Too Many Attempts.", headers: { "Retry-After": String(retryAfter) } });
  }
}

function overlap(window: ReturnType<typeof windowOf>) {
  return 1 - (window.now - window.start.getTime()) / window.windowMs;
}

async function hitEstimate(db: Db, key: string, window: ReturnType<typeof windowOf>): Promise<number> {
  const { current, previous } = await addHit(db, key, window);
  return current + previous * overlap(window);
}

/** Counts this request and refuses it (429) when it goes over `limit` per window. */
export async function hitRateLimit(db: Db, key: string, limit: number, windowSeconds: number): Promise<void> {
  const window = windowOf(windowSeconds);
  refuseAbove(await hitEstimate(db, key, window), limit, window);
}

/** Counts this request and says whether it goes over `limit` per window, for callers that ask more of such a request than a 429. */
export async function hitIsOverLimit(db: Db, key: string, limit: number, windowSeconds: number): Promise<boolean> {
  return (await hitEstimate(db, key, windowOf(windowSeconds))) > limit;
}

/**
 * Takes back this window's hit of a request that turned out not to count
 * (a successful sign-in): counting first and undoing after keeps the limit
 * exact when attempts arrive concurrently.
 */
export async function undoHit(db: Db, key: string, windowSeconds: number): Promise<void> {
  const { start } = windowOf(windowSeconds);
  await db.$executeRaw`
    UPDATE "rate_limit_counters" SET "count" = GREATEST("count" - 1, 0) WHERE "key" = ${key} AND "window_start" = ${start}`;
}

/** The client's address as resolved through the trusted proxies; never a header the client wrote. */
export function clientIp(request: Request): string {
  return forwardedOf(request).ip;
}
