import { createHash, randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Db } from ".";
import { connectSql } from "./sql";

/**
 * Applies prisma/migrations with the bookkeeping of `prisma migrate deploy`
 * (the `_prisma_migrations` table, SHA-256 checksums), because Prisma's CLI
 * cannot run its native engine on these machines. Each migration runs in one
 * transaction; an applied migration whose file changed stops the run.
 */

const MIGRATIONS_DIR = path.resolve("prisma/migrations");

/**
 * Migrations renamed after databases had applied them, old name to new. Two
 * once shared the timestamp 20261124160000; the second by name (so the order
 * of application is unchanged) moved one second later. A database that
 * applied it under its old name has its record renamed before anything is
 * compared (the file, and so its checksum, is the same), so it is never
 * applied twice. Prisma's own CLI knows nothing of this: on such a database,
 * run `npm run db:migrate` once before `prisma migrate deploy`.
 */
const RENAMED: ReadonlyMap<string, string> = new Map([["20261124160000_webhooks", "20261124160001_webhooks"]]);

const BOOKKEEPING = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

export async function applyMigrations(log: (line: string) => void = console.log): Promise<string[]> {
  const sql = await connectSql();
  try {
    await sql.exec(BOOKKEEPING);
    for (const [before, after] of RENAMED) {
      await sql.query(`UPDATE "_prisma_migrations" SET migration_name = $2 WHERE migration_name = $1`, [before, after]);
    }
    const applied = new Map(
      (
        await sql.query<{ migration_name: string; checksum: string }>(
          `SELECT migration_name, checksum FROM "_prisma_migrations" WHERE rolled_back_at IS NULL AND finished_at IS NOT NULL`,
        )
      ).map((row) => [row.migration_name, row.checksum]),
    );
    const done: string[] = [];
    for (const name of migrationNames()) {
      const text = readFileSync(path.join(MIGRATIONS_DIR, name, "migration.sql"), "utf8");
      const checksum = createHash("sha256").update(text).digest("hex");
      const previous = applied.get(name);
      if (previous) {
        if (previous !== checksum) throw new Error(`Migration ${name} was edited after it was applied; add a new migration instead.`);
        continue;
      }
      await sql.exec("BEGIN");
      try {
        await sql.exec(text);
        await sql.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, finished_at, applied_steps_count) VALUES ($1, $2, $3, now(), 1)`,
          [randomUUID(), checksum, name],
        );
        await sql.exec("COMMIT");
      } catch (error) {
        await sql.exec("ROLLBACK");
        throw new Error(`Migration ${name} failed: ${(error as Error).message}`);
      }
      log(`applied ${name}`);
      done.push(name);
    }
    return done;
  } finally {
    await sql.close();
  }
}

/** The migrations of prisma/migrations that this database has not applied (all of them on an empty database). */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const [bookkeeping] = await db.$queryRaw<{ exists: boolean }[]>`
    SELECT to_regclass('"_prisma_migrations"') IS NOT NULL AS "exists"`;
  const applied = bookkeeping?.exists
    ? await db.$queryRaw<{ migration_name: string }[]>`
        SELECT migration_name FROM "_prisma_migrations" WHERE rolled_back_at IS NULL AND finished_at IS NOT NULL`
    : [];
  const done = new Set(applied.map((row) => RENAMED.get(row.migration_name) ?? row.migration_name));
  return migrationNames().filter((name) => !done.has(name));
}

function migrationNames(): string[] {
  return readdirSync(MIGRATIONS_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}
