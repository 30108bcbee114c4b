import type { Prisma } from "../generated/prisma/client";
import type pg from "pg";
import { driver } from "../db";
import { driverQuery, driverValues } from "./driver-values";

/**
 * A transaction below Prisma, on the connection pool Prisma itself uses: for
 * the reseller purchase, whose time under the reseller's row lock is the
 * money path's throughput (lib/reseller/purchase.ts). Statements are written
 * with `Prisma.sql` as everywhere else and sent straight to the driver
 * (prepared and named as Prisma's are), without Prisma's per-query work.
 * Values come back as the driver reads them: integers as numbers, numeric
 * and bigint as strings (a caller makes its Decimal), so statements return
 * no timestamps.
 */
export type SqlTx = { query<T>(statement: Prisma.Sql): Promise<T[]> };

export type SqlTransactionOptions = {
  /**
   * The longest wait for a pooled connection; and the server ends the transaction (freeing its locks) when a
   * statement, or the wait between two, runs longer.
   */
  timeoutMs: number;
};

export async function sqlTransaction<T>(work: (tx: SqlTx) => Promise<T>, { timeoutMs }: SqlTransactionOptions): Promise<T> {
  const target = driver();
  if (target.kind === "pglite") {
    // PGlite runs one statement at a time in this process: its own transaction holds it, nothing can hang in between
    return target.pglite.transaction((tx) =>
      work({ query: async <R>(statement: Prisma.Sql) => (await tx.query<R>(statement.text, driverValues(statement))).rows }),
    );
  }
  const client = await connectWithin(target.pool, timeoutMs);
  const tx: SqlTx = {
    query: async <R>(statement: Prisma.Sql) => (await client.query<R & pg.QueryResultRow>(driverQuery(statement))).rows,
  };
  let broken: unknown;
  try {
    // The transaction's own settings (SET LOCAL: nothing else on the pooled connection changes), in BEGIN's round
    // trip, and not awaited: the driver sends the work's first statement as soon as it is answered. Plans are
    // generic: the transaction's statements are the same few texts every time, and a custom plan per execution
    // would be planning time under its locks.
    const begun = client.query(
      `BEGIN; SET LOCAL statement_timeout = ${Math.round(timeoutMs)}; SET LOCAL idle_in_transaction_session_timeout = ${Math.round(timeoutMs)}; SET LOCAL plan_cache_mode = force_generic_plan`,
    );
    begun.catch(() => {});
    const result = await work(tx);
    await begun;
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch((rollbackFailed: unknown) => (broken = rollbackFailed));
    throw error;
  } finally {
    // a connection whose rollback failed is closed, not handed to the next request
    client.release(broken instanceof Error ? broken : undefined);
  }
}

/** A pooled connection, or an error once `timeoutMs` passed waiting for one (a connection that comes later goes back to the pool). */
async function connectWithin(pool: pg.Pool, timeoutMs: number): Promise<pg.PoolClient> {
  const connecting = pool.connect();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      connecting.then((late) => late.release()).catch(() => {});
      reject(new Error(`no database connection free within ${timeoutMs} ms`));
    }, timeoutMs);
  });
  try {
    return await Promise.race([connecting, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
