import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { env } from "../env";

export type DatabaseTarget = { kind: "pglite"; dir: string } | { kind: "postgres"; url: string };

/** DATABASE_URL selects a PostgreSQL server; without it the embedded PGlite database is used. */
export function databaseTarget(): DatabaseTarget {
  const { DATABASE_URL, PGLITE_DIR } = env();
  return DATABASE_URL ? { kind: "postgres", url: DATABASE_URL } : { kind: "pglite", dir: path.resolve(PGLITE_DIR) };
}

const globalForPglite = globalThis as unknown as { shopdeskPglite?: Map<string, PGlite> };

/**
 * PGlite is one process's database: a data directory may be opened once per
 * process, so every module copy (the custom server's and Next's bundles)
 * shares this instance.
 */
export function openPglite(dir: string): PGlite {
  const open = (globalForPglite.shopdeskPglite ??= new Map());
  let instance = open.get(dir);
  if (!instance) {
    mkdirSync(path.dirname(dir), { recursive: true });
    instance = new PGlite(dir, { extensions: { pg_trgm } });
    open.set(dir, instance);
  }
  return instance;
}

/** Closes this process's embedded databases (PGlite keeps a timer alive until closed). */
export async function closePglite(): Promise<void> {
  const open = globalForPglite.shopdeskPglite;
  if (!open) return;
  for (const instance of open.values()) await instance.close();
  open.clear();
}
