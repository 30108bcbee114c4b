import type { Db } from "../db";
import { ApiError } from "./errors";

/**
 * Fixed-window counters in the database, so every app process behind a load
 * balancer shares them. One upsert per hit; old windows are swept now and then.
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
  if ((row?.count ?? 0) > limit) {
    const retryAfter = Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now) / 1000));
    throw new ApiError(429, "Too Many Attempts.", undefined, undefined, { "Retry-After": String(retryAfter) });
  }
}

export function clientIp(request: Request): string {
  return request.headers.get("x-forwarded-for")?.split(",")[0]?.trim() || request.headers.get("x-real-ip") || "local";
}
