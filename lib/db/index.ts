/**
 * The database, reached one way (import from here, never from `pg` or a
 * driver: a lint rule keeps them under lib/db/).
 *
 * Prisma's API (`db().invoice.findMany`, `create`, `$transaction`) is the
 * default: typed, and what a newcomer reads first. Write SQL, with
 * `Prisma.sql` and `query` (rows) or `execute` (the count of rows written),
 * where Prisma cannot say it (a row lock, `ON CONFLICT`, a data-modifying
 * CTE) or where a path is hot (docs/benchmarks.md): the invoice list and its
 * filters, the single invoice view, authentication, the reseller catalog
 * lookup and purchase, counters and reports. `query` and `execute` are the
 * one SQL entry (a lint rule keeps `$queryRaw` and `$executeRaw` under
 * lib/db/): the same call inside and outside a transaction (Prisma's
 * interactive one, or `sqlTransaction` below Prisma for the purchase), on
 * PostgreSQL and PGlite, and rows carry Prisma's types (Decimal, BigInt,
 * Date) through one set of parsers (lib/db/parsers.ts).
 *
 * A read shape written in SQL has one fragment, one row type and one
 * mapper beside it (lib/invoices/columns.ts); a rule both APIs need (a
 * predicate) is written once and given in both forms from there.
 */
export { Prisma } from "../generated/prisma/client";
export type { PrismaClient } from "../generated/prisma/client";
export { closeDb, db, preparedStatementName, type Db } from "./connection";
export { isWriteConflict, retryOnWriteConflict } from "./conflicts";
export { execute, query, sqlTransaction, type Queryable, type SqlTransactionOptions, type SqlTx } from "./query";
