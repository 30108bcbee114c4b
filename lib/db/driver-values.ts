import { preparedStatementName, type Prisma } from "../db";

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

/** A `Prisma.sql` statement as `pg` runs it: its values as above, prepared and named as Prisma's own statements are. */
export function driverQuery(statement: Prisma.Sql): { name: string; text: string; values: unknown[] } {
  const values = driverValues(statement);
  return { name: preparedStatementName({ sql: statement.text, args: values }), text: statement.text, values };
}
