import { Prisma } from "../db";

export function isPrismaError(error: unknown, code: string): error is Prisma.PrismaClientKnownRequestError {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === code;
}

type AdapterCause = { kind?: string; constraint?: { fields?: string[] } };

/**
 * The columns of the unique constraint a write violated (`["shop_id",
 * "code"]`), or null when the error is not a unique violation. Prisma's own
 * writes report P2002, raw statements P2010; through a driver adapter both
 * carry the constraint's fields, where an expression index reads
 * `lower(code` or `lower(code::text)`: the column inside is what counts.
 */
export function uniqueViolationColumns(error: unknown): string[] | null {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError)) return null;
  const meta = error.meta as { target?: unknown; driverAdapterError?: { cause?: AdapterCause } } | undefined;
  const cause = meta?.driverAdapterError?.cause;
  if (error.code !== "P2002" && cause?.kind !== "UniqueConstraintViolation") return null;
  const fields = cause?.constraint?.fields ?? (Array.isArray(meta?.target) ? (meta.target as string[]) : []);
  return fields.map((field) => field.match(/([A-Za-z_]\w*)(?:::\w+)?\)*$/)?.[1] ?? field);
}
