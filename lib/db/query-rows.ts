import pg from "pg";
import { db as processClient, driver, Prisma, type Db } from "../db";
import { driverQuery } from "./driver-values";

/**
 * The types `$queryRaw` gives these columns, read by the driver itself:
 * numeric as Decimal, bigint as BigInt, timestamps (without zone, written in
 * UTC) as Date; the rest as `pg` reads them (json parsed, arrays as arrays).
 */
const PRISMA_TYPES = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    if (oid === pg.types.builtins.NUMERIC) return (text: string) => new Prisma.Decimal(text);
    if (oid === pg.types.builtins.INT8) return (text: string) => BigInt(text);
    if (oid === pg.types.builtins.TIMESTAMP) return (text: string) => new Date(`${text.replace(" ", "T")}Z`);
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

/**
 * `db.$queryRaw(statement)`, with the same rows, for the reads every request
 * makes (authentication, the invoice list): on the process's own client over
 * PostgreSQL they go straight to the pool under Prisma, prepared and named as
 * Prisma's are, without Prisma's per-query work (a list page costs less CPU
 * this way: docs/benchmarks.md). A
 * transaction's client, and PGlite, go through Prisma as before, so a read
 * inside a transaction stays inside it.
 */
export async function queryRows<T>(db: Db, statement: Prisma.Sql): Promise<T[]> {
  const target = driver();
  if (target.kind !== "postgres" || db !== processClient()) return db.$queryRaw<T[]>(statement);
  const result = await target.pool.query<T & pg.QueryResultRow>({ ...driverQuery(statement), types: PRISMA_TYPES });
  return result.rows;
}
