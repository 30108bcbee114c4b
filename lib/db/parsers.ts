import { Prisma } from "../generated/prisma/client";

/**
 * The one set of parsers for rows read below Prisma (lib/db/query.ts), on
 * PostgreSQL (`pg`) and PGlite alike: each gives the type Prisma's own
 * `$queryRaw` gives that column, so a row type reads the same whichever way
 * its statement went. numeric is a Decimal (no digit through a float), bigint
 * a BigInt, and timestamps a Date: the columns are `timestamp` without zone,
 * written in UTC (as Prisma writes them), so their text is read as UTC.
 * Every other type is left to the driver (json parsed, arrays as arrays,
 * int4 as number, text as string).
 */
export const OIDS = { INT8: 20, NUMERIC: 1700, TIMESTAMP: 1114, TIMESTAMPTZ: 1184 } as const;

export const PARSERS: Readonly<Record<number, (text: string) => unknown>> = {
  [OIDS.NUMERIC]: (text) => new Prisma.Decimal(text),
  [OIDS.INT8]: (text) => BigInt(text),
  [OIDS.TIMESTAMP]: (text) => instant(`${text.replace(" ", "T")}Z`, text),
  // with its offset, "+00" or "+05:30"; the date itself needs none
  [OIDS.TIMESTAMPTZ]: (text) => instant(text.replace(" ", "T").replace(/([+-]\d\d)$/, "$1:00"), text),
};

function instant(iso: string, text: string): Date {
  if (text === "infinity" || text === "-infinity") return new Date(text === "infinity" ? 8.64e15 : -8.64e15);
  return new Date(iso);
}

/**
 * A statement's values as the drivers take them: instants as ISO 8601 in UTC
 * (a `timestamp` column keeps the UTC wall time), decimals as their exact text.
 */
export function parameterValues(statement: Prisma.Sql): unknown[] {
  return statement.values.map((value) => {
    if (value instanceof Date) return value.toISOString();
    // a Decimal of any copy of decimal.js; toFixed() without digits is its exact value, never an exponent
    if (value !== null && typeof value === "object" && "toFixed" in value && !Array.isArray(value))
      return (value as Prisma.Decimal).toFixed();
    return value;
  });
}
