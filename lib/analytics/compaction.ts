import { Prisma, db, query } from "../db";

/** How often, and how old an hour must be (the current one is still written), to fold its slots. */
const EVERY_MS = 5 * 60_000;
const HOURS_BACK = 2;

const holder = globalThis as unknown as { shopdeskAnalyticsCompaction?: NodeJS.Timeout };

/**
 * Started once per app process by server.ts: folds the slotted rows of past
 * hours into one (SQL `analytics_compact`, migration
 * 20261208100000_analytics_rollups), so a range reads one row per hour and
 * flags however busy the hour was. Processes running it at once are safe:
 * a row one of them took is gone for the other.
 */
export function startAnalyticsCompaction(): void {
  if (holder.shopdeskAnalyticsCompaction) return;
  const compact = () =>
    query(db(), Prisma.sql`SELECT analytics_compact((now() AT TIME ZONE 'UTC') - make_interval(hours => ${HOURS_BACK}))`).catch((error) =>
      console.error("analytics compaction failed", error),
    );
  holder.shopdeskAnalyticsCompaction = setInterval(() => void compact(), EVERY_MS);
  holder.shopdeskAnalyticsCompaction.unref();
}

export function stopAnalyticsCompaction(): void {
  if (holder.shopdeskAnalyticsCompaction) clearInterval(holder.shopdeskAnalyticsCompaction);
}
