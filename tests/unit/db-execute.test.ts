import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";

/**
 * lib/db's `execute` counts the rows a statement wrote wherever it runs: the
 * process's client, a Prisma transaction's, and a transaction below Prisma
 * (`sqlTransaction`), here on a PGlite of this test's own (the PostgreSQL
 * paths run in the API specs).
 */
const dir = mkdtempSync(path.join(tmpdir(), "db-execute-"));
process.env.PGLITE_DIR = path.join(dir, "pglite");
delete process.env.DATABASE_URL;
const { closeDb, db, execute, Prisma, query, sqlTransaction } = await import("../../lib/db");

beforeAll(async () => {
  await execute(db(), Prisma.sql`CREATE TABLE counted (id int)`);
}, 60_000);

afterAll(async () => {
  await closeDb();
  rmSync(dir, { recursive: true, force: true });
});

test("execute answers the rows written, outside and inside either transaction, and a rolled back one writes nothing", async () => {
  expect(await execute(db(), Prisma.sql`INSERT INTO counted SELECT generate_series(1, ${4}::int)`)).toBe(4);
  expect(await db().$transaction((tx) => execute(tx, Prisma.sql`UPDATE counted SET id = id + 10 WHERE id > ${2}`))).toBe(2);
  expect(await sqlTransaction((tx) => execute(tx, Prisma.sql`DELETE FROM counted WHERE id > ${10}`), { timeoutMs: 5_000 })).toBe(2);
  await expect(
    sqlTransaction(
      async (tx) => {
        expect(await execute(tx, Prisma.sql`DELETE FROM counted`)).toBe(2);
        throw new Error("rolled back");
      },
      { timeoutMs: 5_000 },
    ),
  ).rejects.toThrow("rolled back");
  expect(await query<{ id: number }>(db(), Prisma.sql`SELECT id FROM counted ORDER BY id`)).toEqual([{ id: 1 }, { id: 2 }]);
  expect(await execute(db(), Prisma.sql`DELETE FROM counted WHERE id > ${100}`)).toBe(0);
}, 60_000);
