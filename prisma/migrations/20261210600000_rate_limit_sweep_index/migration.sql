-- The sweep of lib/api/rate-limit.ts deletes counters older than two of the longest window by window_start alone.
CREATE INDEX "rate_limit_counters_window_start_idx" ON "rate_limit_counters" ("window_start");
