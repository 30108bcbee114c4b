import { randomBytes, randomUUID } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "../support/api";
import { createPrivateDatabase, startServer, type PrivateDatabase, type StartedServer } from "../support/private-server";
import type { ResellerCatalogProductView as CatalogProduct } from "../../lib/reseller/schemas";

/**
 * A reseller purchase commits (balance charged, invoice created) before its
 * dynamic items are fetched. Whatever fails after that commit must not turn
 * the answer into an error: the answer reports the committed invoice and the
 * item records why it was not delivered. The failure here is real: the
 * supplying shop's signing secret is replaced (behind the app's back, on a
 * database of this spec's own) by one this server's key cannot decrypt, as
 * a secret written with another key would be.
 */
const PORT = 3141;

test.describe.configure({ mode: "serial", timeout: 120_000 });

let database: PrivateDatabase;
let server: StartedServer;
let reseller: APIRequestContext;
let seller: APIRequestContext;

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(300_000);
  database = await createPrivateDatabase("postcommit", `http://127.0.0.1:${PORT}`);
  const undecryptable = ["v1", randomBytes(12), randomBytes(16), randomBytes(24)]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(":");
  await database.query(`UPDATE shops SET dynamic_signing_secret = $1 WHERE id = $2`, [undecryptable, database.seed.reseller.shopId]);
  server = await startServer(PORT, { ...database.env, APP_ENCRYPTION_KEY: database.key });
  reseller = await playwright.request.newContext({
    baseURL: server.baseURL,
    extraHTTPHeaders: { Authorization: `Bearer ${database.seed.reseller.apiKey}`, Accept: "application/json" },
  });
  seller = await playwright.request.newContext({
    baseURL: server.baseURL,
    extraHTTPHeaders: { Authorization: `Bearer ${database.seed.seller.apiKey}`, Accept: "application/json" },
  });
});

test.afterAll(async () => {
  await reseller?.dispose();
  await seller?.dispose();
  await server?.stop();
  await database?.drop();
});

async function variants() {
  const products = (await (await reseller.get("/v1/reseller/products?perPage=100")).json()).data as CatalogProduct[];
  const line = (type: string) => {
    const product = products.find((p) => p.variants.some((v) => v.deliverables_type === type && v.stock !== 0))!;
    const variant = product.variants.find((v) => v.deliverables_type === type && v.stock !== 0)!;
    return { product_id: product.id, variant_id: variant.id, price: variant.reseller_price };
  };
  return { dynamic: line("dynamic"), serial: line("serials") };
}

async function balance(): Promise<number> {
  return (await (await reseller.get("/v1/reseller/balance")).json()).balance;
}

const cents = (value: number) => Math.round(value * 100) / 100;

test("a dynamic item that cannot be fetched after the commit: 201 with the charged invoice, the item records the failure", async () => {
  const { dynamic, serial } = await variants();
  const before = await balance();
  const key = randomUUID();
  const items = [
    { product_id: serial.product_id, variant_id: serial.variant_id, quantity: 1 },
    { product_id: dynamic.product_id, variant_id: dynamic.variant_id, quantity: 1 },
  ];
  const response = await reseller.post("/v1/reseller/invoices", { data: { items }, headers: { "Idempotency-Key": key } });
  expect(response.status(), await response.text()).toBe(201);
  const invoice = await response.json();
  expect(invoice).toMatchObject({ status: "pending", source: "api", total_usd: cents(serial.price + dynamic.price) });
  expect(invoice.items[0]).toMatchObject({ status: "completed" });
  expect(invoice.items[0].delivered).toHaveLength(1);
  expect(invoice.items[1]).toMatchObject({ status: "pending", delivered: [] });
  expect(await balance()).toBe(cents(before - invoice.total_usd));

  // The seller's view of the same invoice says why the item is pending.
  const view = await (await seller.get(`/v1/shops/${database.seed.reseller.shopId}/invoices/${invoice.unique_id}`)).json();
  expect(view.items[1].dynamic_last_error).toBe("The shop's dynamic signing secret cannot be decrypted with this server's key.");

  // A retry with the key answers the same invoice and charges nothing.
  const replay = await reseller.post("/v1/reseller/invoices", { data: { items }, headers: { "Idempotency-Key": key } });
  expect(replay.status()).toBe(201);
  expect(replay.headers()["idempotent-replayed"]).toBe("true");
  expect((await replay.json()).id).toBe(invoice.id);
  expect(await balance()).toBe(cents(before - invoice.total_usd));
});

test("without an Idempotency-Key the same: 201 with the invoice, charged once", async () => {
  const { dynamic } = await variants();
  const before = await balance();
  const response = await reseller.post("/v1/reseller/invoices", {
    data: { items: [{ product_id: dynamic.product_id, variant_id: dynamic.variant_id, quantity: 2 }] },
  });
  expect(response.status(), await response.text()).toBe(201);
  const invoice = await response.json();
  expect(invoice.items).toEqual([expect.objectContaining({ status: "pending", quantity: 2, delivered: [] })]);
  expect(await balance()).toBe(cents(before - invoice.total_usd));

  const read = await reseller.get(`/v1/reseller/invoices/${invoice.unique_id}`);
  expect(read.status()).toBe(200);
  expect((await read.json()).items[0].status).toBe("pending");
});
