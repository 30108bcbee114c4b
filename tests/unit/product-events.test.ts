import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { AuditContext } from "../../lib/audit/context";
import { bulkUpdateProducts } from "../../lib/catalog/bulk-update";
import { PrismaClient } from "../../lib/generated/prisma/client";

/**
 * The cost of a bulk update's webhook events below HTTP, on an in-memory
 * PGlite with the migrations: 1,000 products changed at once are 1,000
 * `product.updated` events, one per product, written with a fixed number of
 * statements (the product views read together, one insert of the events and
 * deliveries), not one round trip per product. A shop without a subscribed
 * endpoint stores none. The HTTP side is e2e/api/products-bulk.spec.ts.
 */

const COUNT = 1_000;
let pglite: PGlite;
let db: PrismaClient;
let statements = 0;

async function shopWithProducts(subdomain: string, events: string[] | null) {
  const owner = await db.user.create({ data: { email: `${subdomain}@example.test`, name: "Owner", password_hash: "x" } });
  const shop = await db.shop.create({ data: { owner_id: owner.id, name: subdomain, subdomain } });
  if (events)
    await db.webhookEndpoint.create({ data: { shop_id: shop.id, url: "https://hooks.example.test/", events, secret_encrypted: "x" } });
  await db.product.createMany({
    data: Array.from({ length: COUNT }, (_, n) => ({ shop_id: shop.id, salt: `s${n}`, name: `P${n}`, path: `p-${n}` })),
  });
  const ids = (await db.product.findMany({ where: { shop_id: shop.id }, select: { id: true }, orderBy: { id: "asc" } })).map((p) => p.id);
  await db.variant.createMany({ data: ids.map((product_id) => ({ shop_id: shop.id, product_id, name: "Standard", price: "9.99" })) });
  const audit: AuditContext = { shopId: shop.id, userId: owner.id, apiKeyId: null, label: owner.email, ip: null, userAgent: "unit" };
  return { shopId: shop.id, ids, audit };
}

beforeAll(async () => {
  pglite = new PGlite({ extensions: { pg_trgm } });
  const dir = path.resolve("prisma/migrations");
  for (const name of readdirSync(dir)
    .filter((entry) => /^\d/.test(entry))
    .sort()) {
    await pglite.exec(readFileSync(path.join(dir, name, "migration.sql"), "utf8"));
  }
  const client = new PrismaClient({ adapter: new PrismaPGlite(pglite), log: [{ emit: "event", level: "query" }] });
  client.$on("query", () => statements++);
  db = client as unknown as PrismaClient;
}, 120_000);

afterAll(async () => {
  await db?.$disconnect();
  await pglite?.close();
});

test("1,000 products updated at once are 1,000 product.updated events, in a fixed number of statements", async () => {
  const { shopId, ids, audit } = await shopWithProducts("subscribed", ["product.updated"]);
  statements = 0;
  const answer = await bulkUpdateProducts(db, shopId, "visibility", { product_ids: ids, visibility: "unlisted" }, audit);
  expect(answer.updated).toBe(COUNT);
  // counted at all (the adapter reports its statements), and not one per product
  expect(statements).toBeGreaterThan(5);
  expect(statements).toBeLessThan(20);
  const events = await db.webhookEvent.findMany({ where: { shop_id: shopId, type: "product.updated" }, select: { payload: true } });
  const objects = events.map(
    (event) => (JSON.parse(event.payload) as { data: { object: { id: number; visibility: string } } }).data.object,
  );
  expect(objects.map((object) => object.id).sort((a, b) => a - b)).toEqual(ids);
  expect(objects.every((object) => object.visibility === "unlisted")).toBe(true);
  expect(await db.webhookDelivery.count({ where: { event_type: "product.updated", endpoint: { shop_id: shopId } } })).toBe(COUNT);
}, 120_000);

test("a shop with no endpoint taking product.updated stores no event", async () => {
  const { shopId, ids, audit } = await shopWithProducts("unsubscribed", ["invoice.completed"]);
  await bulkUpdateProducts(db, shopId, "visibility", { product_ids: ids.slice(0, 10), visibility: "private" }, audit);
  expect(await db.webhookEvent.count({ where: { shop_id: shopId } })).toBe(0);
}, 120_000);
