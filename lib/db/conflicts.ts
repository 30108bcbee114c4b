import { Prisma } from "../generated/prisma/client";

/** PostgreSQL's "deadlock detected" and "could not serialize" (SQLSTATE 40P01, 40001), as Prisma or the driver report them. */
export function isWriteConflict(error: unknown): boolean {
  if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2034") return true;
  const code =
    (error as { code?: unknown; cause?: { code?: unknown } } | null)?.code ?? (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  return code === "40P01" || code === "40001";
}

/**
 * Runs `work` again when PostgreSQL chose it as a deadlock's victim (or
 * could not serialize it): the other side has gone on, so a second try
 * meets no cycle. For writes that take rows in an order other writers
 * cannot share (a cascade against the webhook worker's row-by-row updates).
 */
export async function retryOnWriteConflict<T>(work: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !isWriteConflict(error)) throw error;
    }
  }
}
