import { execute, Prisma, query, type Db } from "../db";
import { ApiError } from "./errors";
import { forwardedOf } from "./forwarded";

/**
 * Counters in the database, so every app process behind a load balancer
 * shares them. A sliding-window estimate (this window's count plus the
 * previous window's, weighted by how much of it still overlaps) so that a
 * burst across a window boundary cannot get twice the limit. Old windows are
 * swept now and then. The table is unlogged (its migration says why): a hit
 * costs no disk flush, and a database crash resets the counters.
 */
/**
 * The longest window a limit may count over. The sweep keeps every counter
 * for two of them, since a limit reads its current and its previous window.
 */
const LONGEST_WINDOW_SECONDS = 24 * 3600;

function windowOf(windowSeconds: number) {
  if (windowSeconds > LONGEST_WINDOW_SECONDS) throw new Error(`A rate limit's window is at most ${LONGEST_WINDOW_SECONDS} s`);
  const windowMs = windowSeconds * 1000;
  const now = Date.now();
  const start = new Date(Math.floor(now / windowMs) * windowMs);
  return { now, windowMs, start, previous: new Date(start.getTime() - windowMs) };
}

type Window = ReturnType<typeof windowOf>;

/**
 * Counts a hit of each key in its window and reads each previous window's
 * count: one statement, one round trip, however many limits a request
 * counts against (the keys are written in the order given, so concurrent
 * requests lock them in one order).
 */
async function addHits(db: Db, hits: { key: string; window: Window }[]): Promise<{ current: number; previous: number }[]> {
  const input = Prisma.join(
    hits.map(
      ({ key, window }, position) =>
        Prisma.sql`(${position}::int, ${key}::text, ${window.start}::timestamp(3), ${window.previous}::timestamp(3))`,
    ),
  );
  const rows = await query<{ position: number; current: number; previous: number | null }>(
    db,
    Prisma.sql`
    WITH input ("position", "key", "window_start", "previous_start") AS (VALUES ${input}),
    hit AS (
      INSERT INTO "rate_limit_counters" ("key", "window_start", "count")
      SELECT "key", "window_start", 1 FROM input ORDER BY "position"
      ON CONFLICT ("key", "window_start") DO UPDATE SET "count" = "rate_limit_counters"."count" + 1
      RETURNING "key", "count")
    SELECT i."position", h."count" AS current, p."count" AS previous
    FROM input i JOIN hit h ON h."key" = i."key"
    LEFT JOIN "rate_limit_counters" p ON p."key" = i."key" AND p."window_start" = i."previous_start"
    ORDER BY i."position"`,
  );
  if (Math.random() < 0.01) {
    const expired = new Date(Date.now() - 2 * LONGEST_WINDOW_SECONDS * 1000);
    await execute(db, Prisma.sql`DELETE FROM "rate_limit_counters" WHERE "window_start" < ${expired}`);
  }
  return hits.map((_, position) => {
    const row = rows.find((each) => each.position === position);
    return { current: row?.current ?? 0, previous: row?.previous ?? 0 };
  });
}

/** 429 with the seconds left in the window. */
function tooManyAttempts(window: Window): ApiError {
  const retryAfter = Math.max(1, Math.ceil((window.start.getTime() + window.windowMs - window.now) / 1000));
  return new ApiError({ status: 429, message: "Too Many Attempts.", headers: { "Retry-After": String(retryAfter) } });
}

function refuseAbove(estimate: number, limit: number, window: Window) {
  if (estimate > limit) throw tooManyAttempts(window);
}

function overlap(window: Window) {
  return 1 - (window.now - window.start.getTime()) / window.windowMs;
}

async function hitEstimate(db: Db, key: string, window: Window): Promise<number> {
  const [counts] = await addHits(db, [{ key, window }]);
  return counts!.current + counts!.previous * overlap(window);
}

export type RateLimit = { key: string; limit: number; windowSeconds: number };

/**
 * Counts this request against several limits in one statement and says
 * which it goes over: `refuse()` answers 429 with that limit's Retry-After.
 */
export async function hitRateLimits(db: Db, limits: RateLimit[]): Promise<{ over: boolean; refuse: () => never }[]> {
  const windows = limits.map((limit) => windowOf(limit.windowSeconds));
  const counts = await addHits(
    db,
    limits.map((limit, index) => ({ key: limit.key, window: windows[index]! })),
  );
  return limits.map((limit, index) => {
    const window = windows[index]!;
    const estimate = counts[index]!.current + counts[index]!.previous * overlap(window);
    return {
      over: estimate > limit.limit,
      refuse: () => {
        throw tooManyAttempts(window);
      },
    };
  });
}

/** Counts this request and refuses it (429) when it goes over `limit` per window. */
export async function hitRateLimit(db: Db, key: string, limit: number, windowSeconds: number): Promise<void> {
  const window = windowOf(windowSeconds);
  refuseAbove(await hitEstimate(db, key, window), limit, window);
}

/**
 * Takes back this window's hit of a request that turned out not to count
 * (a successful sign-in): counting first and undoing after keeps the limit
 * exact when attempts arrive concurrently.
 */
export async function undoHit(db: Db, key: string, windowSeconds: number): Promise<void> {
  const { start } = windowOf(windowSeconds);
  await execute(
    db,
    Prisma.sql`
    UPDATE "rate_limit_counters" SET "count" = GREATEST("count" - 1, 0) WHERE "key" = ${key} AND "window_start" = ${start}`,
  );
}

/** The client's address as resolved through the trusted proxies; never a header the client wrote. */
export function clientIp(request: Request): string {
  return forwardedOf(request).ip;
}
