import { randomUUID } from "node:crypto";
import { expect, expectUnauthenticated, expectValidationError, test } from "../support/api";
import { cents, freshReseller, resellerClient } from "../support/reseller";

/** The reseller API's keys (who gets in) and what a reseller reads: the catalog at its tier's prices, its balance, its invoice list. */

test.describe("reseller API: authentication", () => {
  const routes = [
    ["get", "/v1/reseller/products"],
    ["get", "/v1/reseller/balance"],
    ["get", "/v1/reseller/invoices"],
    ["post", "/v1/reseller/invoices"],
    ["get", "/v1/reseller/invoices/1"],
    ["post", "/v1/reseller/api-key/rotate"],
    ["post", "/v1/reseller/signing-secret/rotate"],
    ["post", "/v1/reseller/dynamic-token/rotate"],
  ] as const;

  test("no key, a wrong key and a seller key are 401 Unauthenticated.", async ({ anonymous, seed }) => {
    for (const [method, path] of routes) {
      await expectUnauthenticated(await anonymous[method](path));
      await expectUnauthenticated(await anonymous[method](path, { headers: { Authorization: "Bearer sd_rsl_nope" } }));
      await expectUnauthenticated(await anonymous[method](path, { headers: { Authorization: `Bearer ${seed.seller.apiKey}` } }));
    }
  });

  test("a reseller key on a seller route is 401", async ({ anonymous, seed, shopId }) => {
    await expectUnauthenticated(
      await anonymous.get(`/v1/shops/${shopId}/resellers`, { headers: { Authorization: `Bearer ${seed.reseller.apiKey}` } }),
    );
  });

  test("pending and suspended resellers are 401; approval lets the key in again", async ({ seller, anonymous, shopId }) => {
    const invited = await seller.post(`/v1/shops/${shopId}/resellers`, { data: { email: `pending-${randomUUID()}@example.test` } });
    expect(invited.status()).toBe(201);
    const { id, status } = await invited.json();
    expect(status).toBe("pending");
    const key = (await (await seller.post(`/v1/shops/${shopId}/resellers/${id}/api-key/rotate`)).json()).api_key;
    const asReseller = { headers: { Authorization: `Bearer ${key}` } };
    await expectUnauthenticated(await anonymous.get("/v1/reseller/balance", asReseller));
    expect((await seller.post(`/v1/shops/${shopId}/resellers/${id}/approve`)).status()).toBe(200);
    expect((await anonymous.get("/v1/reseller/balance", asReseller)).status()).toBe(200);
    expect((await seller.post(`/v1/shops/${shopId}/resellers/${id}/suspend`)).status()).toBe(200);
    await expectUnauthenticated(await anonymous.get("/v1/reseller/balance", asReseller));
  });
});

test.describe("reseller API: catalog, balance, invoice list", () => {
  test("products: reseller envelope, prices at the tier discount, real stock, dynamic_url with the token", async ({
    playwright,
    baseURL,
    seed,
  }) => {
    const client = await resellerClient(playwright, baseURL, seed.reseller.apiKey);
    const response = await client.get("/v1/reseller/products");
    expect(response.status()).toBe(200);
    const body = await response.json();
    expect(Object.keys(body).sort()).toEqual(["current_page", "data", "from", "last_page", "per_page", "to", "total"]);
    expect(body.current_page).toBe(1);
    expect(body.per_page).toBe(20);
    expect(body.data.length).toBeGreaterThan(0);
    const product = body.data[0];
    expect(typeof product.id).toBe("number");
    expect(typeof product.name).toBe("string");
    expect(typeof product.currency).toBe("string");
    const balance = await (await client.get("/v1/reseller/balance")).json();
    for (const p of body.data) {
      for (const variant of p.variants) {
        expect(typeof variant.price).toBe("number");
        expect(variant.discount_percentage).toBe(balance.tier.discount_percentage);
        expect(variant.reseller_price).toBe(cents(variant.price * (1 - variant.discount_percentage / 100)));
        expect(Number.isInteger(variant.stock)).toBe(true);
        expect(variant.dynamic_url).toContain(`/v1/reseller/dynamic/${seed.reseller.dynamicToken}?`);
        expect(variant.dynamic_url).toContain(`product_id=${p.id}`);
        expect(variant.dynamic_url).toContain(`variant_id=${variant.id}`);
      }
    }
    const all = body.data.flatMap((p: { variants: { deliverables_type: string; stock: number }[] }) => p.variants);
    expect(all.some((v: { deliverables_type: string; stock: number }) => v.deliverables_type === "serials" && v.stock >= 500)).toBe(true);
    expect(all.some((v: { deliverables_type: string; stock: number }) => v.deliverables_type === "serials" && v.stock === 0)).toBe(true);
    await client.dispose();
  });

  test("products and invoices: perPage 1..100, page >= 1", async ({ playwright, baseURL, seed }) => {
    const client = await resellerClient(playwright, baseURL, seed.reseller.apiKey);
    for (const path of ["/v1/reseller/products", "/v1/reseller/invoices"]) {
      await expectValidationError(await client.get(`${path}?perPage=0`), "perPage");
      await expectValidationError(await client.get(`${path}?perPage=101`), "perPage");
      await expectValidationError(await client.get(`${path}?page=0`), "page");
      expect((await client.get(`${path}?perPage=100`)).status()).toBe(200);
      const one = await (await client.get(`${path}?perPage=1`)).json();
      expect(one.per_page).toBe(1);
      expect(one.data.length).toBe(1);
      const beyond = await (await client.get(`${path}?page=999`)).json();
      expect(beyond.data).toEqual([]);
      expect(beyond.current_page).toBe(999);
    }
    // perPage in a GET body
    const viaBody = await client.get("/v1/reseller/invoices", { data: { perPage: 2 } });
    expect(viaBody.status()).toBe(200);
    expect((await viaBody.json()).per_page).toBe(2);
    await client.dispose();
  });

  test("balance: the spec's shape with tier and next tier from history", async ({ playwright, baseURL, seed }) => {
    const client = await resellerClient(playwright, baseURL, seed.reseller.apiKey);
    const body = await (await client.get("/v1/reseller/balance")).json();
    expect(typeof body.balance).toBe("number");
    expect(body.balance).toBeGreaterThan(0);
    expect(body.currency).toBe("USD");
    expect(body.tier).toEqual({ name: expect.any(String), discount_percentage: expect.any(Number), image_url: null });
    expect(body.tier.discount_percentage).toBeGreaterThan(0);
    expect(typeof body.total_spent_usd).toBe("number");
    expect(Number.isInteger(body.total_orders)).toBe(true);
    expect(body.next_tier).toEqual({
      name: expect.any(String),
      discount_percentage: expect.any(Number),
      min_spent_usd: expect.stringMatching(/^\d+\.\d{2}$/),
      min_sales_count: expect.any(Number),
      image_url: null,
    });
    await client.dispose();
  });

  test("a new reseller starts at the entry tier with zero balance and history", async ({ playwright, baseURL, seller, shopId }) => {
    const fresh = await freshReseller(seller, shopId);
    const client = await resellerClient(playwright, baseURL, fresh.apiKey);
    const body = await (await client.get("/v1/reseller/balance")).json();
    expect(body.balance).toBe(0);
    expect(body.total_spent_usd).toBe(0);
    expect(body.total_orders).toBe(0);
    const list = await (await client.get("/v1/reseller/invoices")).json();
    expect(list).toEqual({ current_page: 1, data: [], from: null, last_page: 1, per_page: 20, to: null, total: 0 });
    await client.dispose();
  });
});
