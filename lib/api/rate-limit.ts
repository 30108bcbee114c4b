import type { Db } from "../db";
import { ApiError } from "./errors";

/**
 * Counters in the database, so every app process behind a load balancer
 * shares them. A sliding-window estimate (this window's count plus the
 * previous window's, weighted by how much of it still overlaps) so that a
 * burst across a window boundary cannot get twice the limit. One upsert and
 * one read per hit; old windows are swept now and then.
 */
export async function hitRateLimit(db: Db, key: string, limit: number, windowSeconds: number): Promise<void> {
  const windowMs = windowSeconds * 1000;
  const now = Date.now();
  const windowStart = new Date(Math.floor(now / windowMs) * windowMs);
  const [row] = await db.$queryRaw<{ count: number }[]>`
    INSERT INTO "rate_limit_counters" ("key", "window_start", "count") VALUES (${key}, ${windowStart}, 1)
    ON CONFLICT ("key", "window_start") DO UPDATE SET "count" = "rate_limit_counters"."count" + 1
    RETURNING "count"`;
  if (Math.random() < 0.01) {
    await db.$executeRaw`DELETE FROM "rate_limit_counters" WHERE "window_start" < ${new Date(now - 3600_000)}`;
  }
  const [previous] = await db.$queryRaw<{ count: number }[]>`
    SELECT "count" FROM "rate_limit_counters" WHERE "key" = ${key} AND "window_start" = ${new Date(windowStart.getTime() - windowMs)}`;
  const overlap = 1 - (now - windowStart.getTime()) / windowMs;
  const estimate = (row?.count ?? 0) + (previous?.count ?? 0) * overlap;
  if (estimate > limit) {
    const retryAfter = Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now) / 1000));
    throw new ApiError(429, "Too Many Attempts.", undefined, undefined, { "Retry-After": String(retryAfter) });
  }
}

export function clientIp(request: Request): string {
  return request.headers.get("x-forwarded-for")?.split(",")[0]?.trim() || request.headers.get("x-real-ip") || "local";
}
