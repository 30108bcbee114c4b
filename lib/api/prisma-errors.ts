import { Prisma } from "../db";

export function isPrismaError(error: unknown, code: string): error is Prisma.PrismaClientKnownRequestError {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === code;
}

type AdapterCause = { kind?: string; constraint?: { fields?: string[]; index?: string } };

/** The unique constraint a write violated: `covers("email")` tells whether that column is part of it. */
export type UniqueViolation = { covers(column: string): boolean };

/**
 * The unique constraint a write violated, or null when the error is not a
 * unique violation. Prisma's own writes report P2002, raw statements P2010.
 * Through a driver adapter the constraint comes as its columns (PGlite;
 * an expression index reads `lower(code`: the column inside is what counts)
 * or as its index's name (PostgreSQL), which Prisma's migrations and ours
 * spell `<table>_<columns>_key` (`coupons_shop_id_lower_code_key`).
 */
export function uniqueViolation(error: unknown): UniqueViolation | null {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError)) return null;
  const meta = error.meta as { target?: unknown; driverAdapterError?: { cause?: AdapterCause } } | undefined;
  const cause = meta?.driverAdapterError?.cause;
  if (error.code !== "P2002" && cause?.kind !== "UniqueConstraintViolation") return null;
  const target = meta?.target;
  const fields = cause?.constraint?.fields ?? (Array.isArray(target) ? (target as string[]) : undefined);
  if (fields) {
    const columns = fields.map((field) => field.slice(field.lastIndexOf("(") + 1).match(/^[A-Za-z_]\w*/)?.[0] ?? field);
    return { covers: (column) => columns.includes(column) };
  }
  const index = cause?.constraint?.index ?? (typeof target === "string" ? target : "");
  return { covers: (column) => index.includes(`_${column}_`) };
}
