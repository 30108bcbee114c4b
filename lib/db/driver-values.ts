import type { Prisma } from "../generated/prisma/client";

/**
 * A `Prisma.sql` statement's values as the driver takes them: instants in UTC
 * (the columns are timestamps without zone, as Prisma writes them), decimals
 * as text.
 */
export function driverValues(statement: Prisma.Sql): unknown[] {
  return statement.values.map((value) => {
    if (value instanceof Date) return value.toISOString();
    if (value !== null && typeof value === "object" && "toFixed" in value && !Array.isArray(value)) return String(value);
    return value;
  });
}
