import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { afterAll, beforeAll, expect, test } from "vitest";
import { BLACKLIST_ENTRIES_PER_SHOP, createBlacklistEntry } from "../../lib/blacklist/entries";
import { screenBuyer } from "../../lib/blacklist/screen";
import { findOrCreateCustomer } from "../../lib/customers/find-or-create";
import { PrismaClient } from "../../lib/generated/prisma/client";

/**
 * screenBuyer and findOrCreateCustomer, the two functions checkout calls,
 * against a real database: an in-memory PGlite of this test's own with the
 * project's migrations applied (the checkout route is on another branch;
 * the HTTP tests of the same rules are e2e/api/blacklist.spec.ts).
 */

let pglite: PGlite;
let db: PrismaClient;
let shopId: number;
let otherShopId: number;

beforeAll(async () => {
  pglite = new PGlite({ extensions: { pg_trgm } });
  const dir = path.resolve("prisma/migrations");
  for (const name of readdirSync(dir)
    .filter((entry) => /^\d/.test(entry))
    .sort()) {
    await pglite.exec(readFileSync(path.join(dir, name, "migration.sql"), "utf8"));
  }
  db = new PrismaClient({ adapter: new PrismaPGlite(pglite) });
  const owner = await db.user.create({ data: { email: "owner@example.test", name: "Owner", password_hash: "x" } });
  shopId = (await db.shop.create({ data: { owner_id: owner.id, name: "Screened", subdomain: "screened" } })).id;
  otherShopId = (await db.shop.create({ data: { owner_id: owner.id, name: "Other", subdomain: "other" } })).id;
  const entry = (type: string, value: string, match_type = "exact", reason: string | null = null) =>
    db.blacklistEntry.create({ data: { shop_id: shopId, type, value, match_type, reason } });
  await entry("email", "fraud@example.test", "exact", "chargeback");
  await entry("email", "@spam\\.example$", "regex", "spam domain");
  await entry("ip", "203.0.113.0/24", "exact", "bad range");
  await entry("ip", "2001:db8::1", "exact", "bad v6");
  await entry("user_agent", "^curl/", "regex", "scripts");
  await entry("asn", "64512", "exact", "hoster");
  await entry("country_code", "KP", "exact", "sanctions");
  await entry("user_agent", "(a+)+$", "regex", "hostile pattern");
  await db.blacklistEntry.create({ data: { shop_id: otherShopId, type: "email", value: "clean@example.test", match_type: "exact" } });
  // migrating a fresh PGlite takes seconds, more on a busy machine
}, 60_000);

afterAll(async () => {
  await db?.$disconnect();
  await pglite?.close();
});

const clean = { email: "clean@example.test", ip: "198.51.100.7", user_agent: "Mozilla/5.0", asn: 13335, country_code: "US" };

test("a buyer no rule matches is allowed (rules of other shops do not apply)", async () => {
  expect(await screenBuyer(db, shopId, clean)).toBeNull();
  expect(await screenBuyer(db, shopId, { email: "clean@example.test" })).toBeNull();
  expect(await screenBuyer(db, shopId, { email: "x@example.test", ip: null, user_agent: null, asn: null, country_code: null })).toBeNull();
});

test("each type refuses on its field with the entry's reason", async () => {
  expect(await screenBuyer(db, shopId, { ...clean, email: " FRAUD@example.test " })).toEqual({ field: "email", reason: "chargeback" });
  expect(await screenBuyer(db, shopId, { ...clean, email: "anyone@SPAM.example" })).toEqual({ field: "email", reason: "spam domain" });
  expect(await screenBuyer(db, shopId, { ...clean, email: "anyone@spam.example.org" })).toBeNull();
  expect(await screenBuyer(db, shopId, { ...clean, ip: "203.0.113.250" })).toEqual({ field: "ip", reason: "bad range" });
  expect(await screenBuyer(db, shopId, { ...clean, ip: "::ffff:203.0.113.9" })).toEqual({ field: "ip", reason: "bad range" });
  expect(await screenBuyer(db, shopId, { ...clean, ip: "2001:0db8:0:0::1" })).toEqual({ field: "ip", reason: "bad v6" });
  expect(await screenBuyer(db, shopId, { ...clean, ip: "203.0.114.1" })).toBeNull();
  expect(await screenBuyer(db, shopId, { ...clean, ip: "not an ip" })).toBeNull();
  expect(await screenBuyer(db, shopId, { ...clean, user_agent: "curl/8.5.0" })).toEqual({ field: "user_agent", reason: "scripts" });
  expect(await screenBuyer(db, shopId, { ...clean, asn: 64512 })).toEqual({ field: "asn", reason: "hoster" });
  expect(await screenBuyer(db, shopId, { ...clean, country_code: "kp" })).toEqual({ field: "country_code", reason: "sanctions" });
});

test("the first field in order refuses: email before ip before user agent", async () => {
  expect(await screenBuyer(db, shopId, { ...clean, email: "fraud@example.test", ip: "203.0.113.1" })).toMatchObject({ field: "email" });
  expect(await screenBuyer(db, shopId, { ...clean, ip: "203.0.113.1", user_agent: "curl/1" })).toMatchObject({ field: "ip" });
});

test("a hostile pattern on a long input answers (RE2 is linear; the backtracking RegExp would not return within the test's timeout)", async () => {
  expect(await screenBuyer(db, shopId, { ...clean, user_agent: `${"a".repeat(50_000)}!` })).toBeNull();
  expect(await screenBuyer(db, shopId, { ...clean, user_agent: "a".repeat(50_000) })).toEqual({
    field: "user_agent",
    reason: "hostile pattern",
  });
});

test("a banned customer is refused on email with reason null; unbanned, allowed", async () => {
  const { id } = await findOrCreateCustomer(db, shopId, "Banned@Example.test");
  await db.customer.update({ where: { id }, data: { banned: true } });
  expect(await screenBuyer(db, shopId, { ...clean, email: "banned@example.TEST" })).toEqual({ field: "email", reason: null });
  expect(await screenBuyer(db, otherShopId, { ...clean, email: "banned@example.test" })).toBeNull();
  await db.customer.update({ where: { id }, data: { banned: false } });
  expect(await screenBuyer(db, shopId, { ...clean, email: "banned@example.test" })).toBeNull();
});

test("findOrCreateCustomer: one row per shop and email, whatever the case and however many race", async () => {
  const results = await Promise.all(
    Array.from({ length: 10 }, (_, i) => findOrCreateCustomer(db, shopId, i % 2 ? "Race@Example.test" : " race@example.test")),
  );
  expect(new Set(results.map((r) => r.id)).size).toBe(1);
  const other = await findOrCreateCustomer(db, otherShopId, "race@example.test");
  expect(other.id).not.toBe(results[0]!.id);
  expect(await db.customer.count({ where: { email: "race@example.test" } })).toBe(2);
  await db.$transaction(async (tx) => expect((await findOrCreateCustomer(tx, shopId, "RACE@example.test")).id).toBe(results[0]!.id));
});

test("a shop holds at most BLACKLIST_ENTRIES_PER_SHOP entries: creates racing for the last places stop at the cap", async () => {
  const capped = (await db.shop.create({ data: { owner_id: (await db.user.findFirstOrThrow()).id, name: "Capped", subdomain: "capped" } }))
    .id;
  await db.blacklistEntry.createMany({
    data: Array.from({ length: BLACKLIST_ENTRIES_PER_SHOP - 3 }, (_, i) => ({
      shop_id: capped,
      type: "email",
      value: `b${i}@example.test`,
      match_type: "exact",
    })),
  });
  const attempts = await Promise.allSettled(
    Array.from({ length: 6 }, (_, i) =>
      createBlacklistEntry(db, capped, { type: "email", value: `late${i}@example.test`, match_type: "exact", reason: null }),
    ),
  );
  expect(attempts.filter((attempt) => attempt.status === "fulfilled")).toHaveLength(3);
  const refused = attempts.find((attempt) => attempt.status === "rejected");
  expect((refused as PromiseRejectedResult).reason).toMatchObject({
    status: 422,
    errors: { value: [expect.stringContaining("at most 1000")] },
  });
  expect(await db.blacklistEntry.count({ where: { shop_id: capped } })).toBe(BLACKLIST_ENTRIES_PER_SHOP);
});
