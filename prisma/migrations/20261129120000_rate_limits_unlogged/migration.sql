-- Rate-limit counters are short-lived and rebuilt by the next requests: unlogged, a write to them
-- costs no WAL and its commit no disk flush. PostgreSQL empties an unlogged table after a crash
-- and does not copy it to standbys: a crash or a failover resets the counters (docs/operations.md).
ALTER TABLE "rate_limit_counters" SET UNLOGGED;
