import pg from "pg";
import type { Transaction as PgliteTransaction } from "@electric-sql/pglite";
import type { Prisma } from "../generated/prisma/client";
import { connection, preparedStatementName, type Db } from "./connection";
import { PARSERS, parameterValues } from "./parsers";

/**
 * A transaction below Prisma (`sqlTransaction`): statements go to it through
 * `query` and `execute` like any other.
 */
export type SqlTx = { readonly [BELOW_PRISMA]: (statement: Prisma.Sql) => Promise<Ran> };
const BELOW_PRISMA = Symbol("sql transaction");

/** A statement's outcome below Prisma: its rows, and the rows it wrote (or read) as the server counts them. */
type Ran = { rows: unknown[]; rowCount: number };

/** Where a statement runs: the process's client, a Prisma transaction's client, or a transaction below Prisma. */
export type Queryable = Db | SqlTx;

/** `pg`'s reading of a result, with the parsers of lib/db/parsers.ts. */
const PG_TYPES = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    return PARSERS[oid] ?? pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

/**
 * The one way to run a statement written in SQL (`Prisma.sql`): its rows,
 * typed as Prisma types them (Decimal, BigInt, Date), the same inside and
 * outside a transaction, on PostgreSQL and PGlite.
 * - a transaction below Prisma (`sqlTransaction`): on its connection;
 * - the process's own client over PostgreSQL: straight to the pool under
 *   Prisma, prepared and named as Prisma's own statements are, without
 *   Prisma's per-query work (the hot reads: authentication, the invoice list,
 *   the catalog lookup of a purchase; docs/benchmarks.md);
 * - a Prisma transaction's client, and PGlite's (one connection, whose
 *   transactions Prisma's adapter serializes): through `$queryRaw`, so a read
 *   inside a transaction stays inside it.
 */
export async function query<T>(on: Queryable, statement: Prisma.Sql): Promise<T[]> {
  const run = belowPrisma(on);
  return run ? ((await run(statement)).rows as T[]) : (on as Db).$queryRaw<T[]>(statement);
}

/**
 * The one way to run a statement written in SQL for what it writes: the
 * number of rows it affected, as `$executeRaw` counts them. It goes where
 * `query` would send it: a `sqlTransaction`'s connection, the pool for the
 * process's own client over PostgreSQL, `$executeRaw` for a Prisma
 * transaction's client and PGlite's.
 */
export async function execute(on: Queryable, statement: Prisma.Sql): Promise<number> {
  const run = belowPrisma(on);
  return run ? (await run(statement)).rowCount : (on as Db).$executeRaw(statement);
}

/** Who runs a statement below Prisma: a transaction below it, or the pool for the process's own client over PostgreSQL; null leaves it to Prisma. */
function belowPrisma(on: Queryable): ((statement: Prisma.Sql) => Promise<Ran>) | null {
  const below = (on as Partial<SqlTx>)[BELOW_PRISMA];
  if (below) return below;
  const { driver, prisma } = connection();
  if (driver.kind !== "postgres" || on !== prisma) return null;
  return (statement) => runOn(driver.pool, statement);
}

/** A statement on a pooled connection or a transaction's own, read with the parsers of lib/db/parsers.ts. */
async function runOn(client: pg.Pool | pg.PoolClient, statement: Prisma.Sql): Promise<Ran> {
  const result = await client.query({ ...pgQuery(statement), types: PG_TYPES });
  return { rows: result.rows, rowCount: result.rowCount ?? 0 };
}

/** A statement as `pg` runs it: its values as the drivers take them, prepared and named as Prisma's are. */
function pgQuery(statement: Prisma.Sql): { name: string; text: string; values: unknown[] } {
  const values = parameterValues(statement);
  return { name: preparedStatementName({ sql: statement.text, args: values }), text: statement.text, values };
}

export type SqlTransactionOptions = {
  /**
   * The longest wait for a pooled connection; and the server ends the transaction (freeing its locks) when a
   * statement, or the wait between two, runs longer.
   */
  timeoutMs: number;
};

/**
 * A transaction below Prisma, on the connection pool Prisma itself uses: for
 * the reseller purchase, whose time under the reseller's row lock is the
 * money path's throughput (lib/reseller/purchase.ts). Its statements go
 * through `query` and `execute` and read as every other statement does.
 */
export async function sqlTransaction<T>(work: (tx: SqlTx) => Promise<T>, { timeoutMs }: SqlTransactionOptions): Promise<T> {
  const { driver } = connection();
  if (driver.kind === "pglite") {
    // PGlite runs one statement at a time in this process: its own transaction holds it, nothing can hang in between
    return driver.pglite.transaction((tx) => work(pgliteTx(tx)));
  }
  const client = await connectWithin(driver.pool, timeoutMs);
  const tx: SqlTx = { [BELOW_PRISMA]: (statement) => runOn(client, statement) };
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

function pgliteTx(tx: PgliteTransaction): SqlTx {
  return {
    [BELOW_PRISMA]: async (statement) => {
      const result = await tx.query(statement.text, parameterValues(statement), { parsers: PARSERS });
      return { rows: result.rows, rowCount: result.affectedRows ?? 0 };
    },
  };
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
