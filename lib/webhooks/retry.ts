import { env } from "../env";

/** Seconds between attempts after the first (WEBHOOK_RETRY_SCHEDULE); its length + 1 is the number of attempts. */
export function retrySchedule(): number[] {
  return env()
    .WEBHOOK_RETRY_SCHEDULE.split(",")
    .map((part) => Number(part.trim()));
}

/**
 * When attempt `failed + 1` is due after `failed` failures, or null when the
 * schedule is spent. Each wait is the schedule's (roughly exponential:
 * 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, about a day in all) times a
 * random factor in [0.8, 1.2), so endpoints that failed together (an outage)
 * are not retried together.
 */
export function nextAttemptAt(failed: number, now: Date, random = Math.random): Date | null {
  const wait = retrySchedule()[failed - 1];
  if (wait === undefined) return null;
  return new Date(now.getTime() + wait * 1000 * (0.8 + 0.4 * random()));
}
