import { createHash } from "node:crypto";
import type { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { PrismaClient } from "../generated/prisma/client";
import { closePglite, databaseTarget, openPglite } from "./target";
import { env } from "../env";

/** A client or an interactive transaction: domain functions accept either. */
export type Db = Omit<PrismaClient, "$connect" | "$disconnect" | "$on" | "$transaction" | "$extends">;

/**
 * The driver under Prisma, shared with the statements that run below it
 * (lib/db/query.ts): one pool of connections per process.
 */
export type Driver = { kind: "postgres"; pool: pg.Pool } | { kind: "pglite"; pglite: PGlite };

export type Connection = { prisma: PrismaClient; driver: Driver };

function connect(): Connection {
  const target = databaseTarget();
  if (target.kind === "pglite") {
    const pglite = openPglite(target.dir);
    return { prisma: new PrismaClient({ adapter: new PrismaPGlite(pglite) }), driver: { kind: "pglite", pglite } };
  }
  const pool = new pg.Pool({ connectionString: target.url, max: env().DATABASE_POOL_SIZE });
  const adapter = new PrismaPg(pool, { statementNameGenerator: preparedStatementName, disposeExternalPool: true });
  return { prisma: new PrismaClient({ adapter }), driver: { kind: "postgres", pool } };
}

/**
 * Statements are prepared once per connection and named by a hash of their
 * text, so PostgreSQL parses each text once and may keep its plan. A text
 * whose length follows its input stays unnamed: an `IN` list or a
 * multi-row `VALUES` (Prisma writes one parameter per element), or over 100
 * parameters. The names a connection holds are then bounded by the code's
 * own statements, not by what clients send.
 */
export function preparedStatementName(query: { sql: string; args: unknown[] }): string {
  // pg sends a statement named "" unnamed
  if (query.args.length > MAX_PREPARED_PARAMETERS || INPUT_SIZED_LIST.test(query.sql)) return "";
  return `p${createHash("sha1").update(query.sql).digest("base64url")}`;
}
const MAX_PREPARED_PARAMETERS = 100;
const INPUT_SIZED_LIST = /IN \(\$\d+,|\),\s*\(\$/;

const globalForDb = globalThis as unknown as { shopdeskDb?: Connection };

export function connection(): Connection {
  globalForDb.shopdeskDb ??= connect();
  return globalForDb.shopdeskDb;
}

/** The one Prisma client of this process. */
export function db(): PrismaClient {
  return connection().prisma;
}

/** Ends this process's use of the database (scripts call it before exiting). */
export async function closeDb(): Promise<void> {
  const open = globalForDb.shopdeskDb;
  globalForDb.shopdeskDb = undefined;
  await open?.prisma.$disconnect();
  // Prisma ends the pool only if it ever connected; a transaction below it may have used the pool alone
  if (open?.driver.kind === "postgres" && !open.driver.pool.ended) await open.driver.pool.end();
  await closePglite();
}
