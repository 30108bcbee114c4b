import { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { afterAll, beforeAll, expect, test } from "vitest";
import { Prisma, PrismaClient } from "../../lib/generated/prisma/client";
import { OIDS, PARSERS, parameterValues } from "../../lib/db/parsers";

/**
 * The parsers of lib/db/parsers.ts, the one set that reads rows below Prisma
 * (lib/db/query.ts), give each column the type and value Prisma's own
 * `$queryRaw` gives it: pure cases, then one statement read both ways from an
 * in-memory PGlite of this test's own.
 */

test("numeric is an exact Decimal, bigint a BigInt", () => {
  const money = PARSERS[OIDS.NUMERIC]!("12345678901234.99") as Prisma.Decimal;
  expect(Prisma.Decimal.isDecimal(money)).toBe(true);
  expect(money.toFixed(2)).toBe("12345678901234.99");
  expect(PARSERS[OIDS.INT8]!("9007199254740993")).toBe(9007199254740993n);
});

test("a timestamp without zone is read as UTC; one with an offset keeps it", () => {
  expect((PARSERS[OIDS.TIMESTAMP]!("2026-11-26 18:00:00.123") as Date).toISOString()).toBe("2026-11-26T18:00:00.123Z");
  expect((PARSERS[OIDS.TIMESTAMP]!("2026-01-02 03:04:05") as Date).toISOString()).toBe("2026-01-02T03:04:05.000Z");
  expect((PARSERS[OIDS.TIMESTAMPTZ]!("2026-11-26 18:00:00.5+00") as Date).toISOString()).toBe("2026-11-26T18:00:00.500Z");
  expect((PARSERS[OIDS.TIMESTAMPTZ]!("2026-11-26 18:00:00+05:30") as Date).toISOString()).toBe("2026-11-26T12:30:00.000Z");
});

test("values are sent as the drivers take them: instants in UTC, decimals exact and never as an exponent", () => {
  const at = new Date("2026-11-26T18:00:00.123Z");
  const statement = Prisma.sql`SELECT ${at}, ${new Prisma.Decimal("0.00000001")}, ${new Prisma.Decimal("1e21")}, ${7}, ${"text"}, ${[1, 2]}, ${null}`;
  expect(parameterValues(statement)).toEqual(["2026-11-26T18:00:00.123Z", "0.00000001", "1000000000000000000000", 7, "text", [1, 2], null]);
});

let pglite: PGlite;
let prisma: PrismaClient;

beforeAll(async () => {
  pglite = new PGlite();
  await pglite.waitReady;
  prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite) });
}, 60_000);

afterAll(async () => {
  await prisma.$disconnect();
  await pglite.close();
});

test("a row read below Prisma has the types and values $queryRaw gives it", async () => {
  const at = new Date("2026-11-26T18:00:00.123Z");
  const statement = Prisma.sql`
    SELECT ${"19.99"}::numeric(14,2) AS price, 12345678901234.5::numeric AS wide, ${at}::timestamp(3) AS at,
      ${at}::timestamptz AS at_tz, 9007199254740993::bigint AS big, count(*) AS counted, 7::int AS small,
      'text'::text AS label, NULL::numeric AS missing, json_build_object('price', 1.5::numeric::text) AS doc,
      ARRAY['a', 'b']::text[] AS list, true AS flag`;
  const [viaPrisma] = await prisma.$queryRaw<Record<string, unknown>[]>(statement);
  const { rows } = await pglite.query<Record<string, unknown>>(statement.text, parameterValues(statement), { parsers: PARSERS });
  const below = rows[0]!;
  expect(Object.keys(below)).toEqual(Object.keys(viaPrisma!));
  for (const [column, value] of Object.entries(viaPrisma!)) {
    const mine = below[column];
    if (Prisma.Decimal.isDecimal(value)) {
      expect(Prisma.Decimal.isDecimal(mine), column).toBe(true);
      expect((mine as Prisma.Decimal).equals(value as Prisma.Decimal), column).toBe(true);
    } else {
      expect(mine, column).toEqual(value);
    }
  }
  expect((below.at as Date).toISOString()).toBe(at.toISOString());
  expect(below.big).toBe(9007199254740993n);
}, 120_000);
