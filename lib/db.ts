import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { PrismaClient } from "./generated/prisma/client";
import { closePglite, databaseTarget, openPglite } from "./db/target";

export { Prisma } from "./generated/prisma/client";
export type { PrismaClient } from "./generated/prisma/client";

/** A client or an interactive transaction: domain functions accept either. */
export type Db = Omit<PrismaClient, "$connect" | "$disconnect" | "$on" | "$transaction" | "$extends">;

export function createPrismaClient(): PrismaClient {
  const target = databaseTarget();
  const adapter =
    target.kind === "postgres"
      ? new PrismaPg({ connectionString: target.url, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) })
      : new PrismaPGlite(openPglite(target.dir));
  return new PrismaClient({ adapter });
}

const globalForPrisma = globalThis as unknown as { shopdeskPrisma?: PrismaClient };

/** The one Prisma client of this process. */
export function db(): PrismaClient {
  globalForPrisma.shopdeskPrisma ??= createPrismaClient();
  return globalForPrisma.shopdeskPrisma;
}

/** Ends this process's use of the database (scripts call it before exiting). */
export async function closeDb(): Promise<void> {
  await globalForPrisma.shopdeskPrisma?.$disconnect();
  globalForPrisma.shopdeskPrisma = undefined;
  await closePglite();
}
