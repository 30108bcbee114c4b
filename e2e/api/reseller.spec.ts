import { randomUUID } from "node:crypto";
import { expect, expectShopNotFound, expectUnauthenticated, expectValidationError, test } from "../support/api";
import { createProduct } from "../support/catalog";
import { balanceOf, callReceiver, catalog, freshReseller, pickVariant, resellerClient } from "../support/reseller";

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const cents = (value: number) => Math.round(value * 100) / 100;
const serials = (variant: { deliverables_type: string; stock: number }) => variant.deliverables_type === "serials" && variant.stock > 20;

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

test.describe("reseller API: invoices", () => {
  test("create: 201, charged reseller_price x quantity, serials delivered and taken from stock", async ({
    playwright,
    baseURL,
    seller,
    shopId,
  }) => {
    const fresh = await freshReseller(seller, shopId, 200);
    const client = await resellerClient(playwright, baseURL, fresh.apiKey);
    const { productId, variant } = await pickVariant(client, serials);
    const response = await client.post("/v1/reseller/invoices", {
      data: { items: [{ product_id: productId, variant_id: variant.id, quantity: 3 }] },
    });
    expect(response.status(), await response.text()).toBe(201);
    const invoice = await response.json();
    expect(invoice).toMatchObject({ status: "completed", source: "api", total_usd: cents(variant.reseller_price * 3) });
    expect(typeof invoice.id).toBe("number");
    expect(typeof invoice.unique_id).toBe("string");
    expect(invoice.created_at).toMatch(ISO);
    expect(invoice.completed_at).toMatch(ISO);
    expect(invoice.items).toHaveLength(1);
    const [item] = invoice.items;
    expect(item).toMatchObject({
      product_id: productId,
      variant_id: variant.id,
      variant_name: variant.name,
      quantity: 3,
      status: "completed",
      reseller_discount: variant.discount_percentage,
      total_price_usd: cents(variant.reseller_price * 3),
    });
    expect(typeof item.product_name).toBe("string");
    expect(item.delivered).toHaveLength(3);
    expect(new Set(item.delivered).size).toBe(3);
    expect(await balanceOf(client)).toBe(cents(200 - variant.reseller_price * 3));
    const after = await pickVariant(client, (v) => v.id === variant.id);
    expect(after.variant.stock).toBeLessThanOrEqual(variant.stock - 3);

    // it is listed first, and readable by id and by unique_id with what was delivered
    const list = await (await client.get("/v1/reseller/invoices")).json();
    expect(list.total).toBe(1);
    expect(list.data[0]).toEqual({
      id: invoice.id,
      status: "completed",
      price_usd: invoice.total_usd.toFixed(2),
      reseller_source: 1,
      completed_at: invoice.completed_at,
      created_at: invoice.created_at,
    });
    for (const id of [invoice.id, invoice.unique_id]) {
      const read = await client.get(`/v1/reseller/invoices/${id}`);
      expect(read.status()).toBe(200);
      expect(await read.json()).toEqual(invoice);
    }
    const balance = await (await client.get("/v1/reseller/balance")).json();
    expect(balance.total_orders).toBe(1);
    expect(balance.total_spent_usd).toBe(invoice.total_usd);
    await client.dispose();
  });

  test("another reseller's invoice and unknown ids are 404 Invoice not found.", async ({ playwright, baseURL, seed, seller, shopId }) => {
    const demo = await resellerClient(playwright, baseURL, seed.reseller.apiKey);
    const theirs = (await (await demo.get("/v1/reseller/invoices")).json()).data[0];
    const full = await (await demo.get(`/v1/reseller/invoices/${theirs.id}`)).json();
    const fresh = await freshReseller(seller, shopId);
    const client = await resellerClient(playwright, baseURL, fresh.apiKey);
    for (const id of [theirs.id, full.unique_id, 99999999, "nope"]) {
      const response = await client.get(`/v1/reseller/invoices/${id}`);
      expect(response.status()).toBe(404);
      expect(await response.json()).toEqual({ message: "Invoice not found." });
    }
    // a seller's ordinary invoice is not a reseller invoice either
    const ordinary = await seller.get(`/v1/shops/${shopId}/invoices/1`);
    if (ordinary.status() === 200) expect((await demo.get(`/v1/reseller/invoices/1`)).status()).toBe(404);
    await demo.dispose();
    await client.dispose();
  });

  test("create: validation on items.N.*, unknown or not-in-catalog items, balance and stock", async ({
    playwright,
    baseURL,
    seller,
    shopId,
    foreignShopId,
    otherSeller,
  }) => {
    const fresh = await freshReseller(seller, shopId, 100);
    const client = await resellerClient(playwright, baseURL, fresh.apiKey);
    const { productId, variant } = await pickVariant(client, serials);
    const line = { product_id: productId, variant_id: variant.id, quantity: 1 };
    await expectValidationError(await client.post("/v1/reseller/invoices", { data: {} }), "items");
    await expectValidationError(await client.post("/v1/reseller/invoices", { data: { items: [] } }), "items");
    await expectValidationError(
      await client.post("/v1/reseller/invoices", { data: { items: [{ ...line, quantity: 0 }] } }),
      "items.0.quantity",
    );
    await expectValidationError(
      await client.post("/v1/reseller/invoices", { data: { items: [{ ...line, quantity: 1.5 }] } }),
      "items.0.quantity",
    );
    await expectValidationError(
      await client.post("/v1/reseller/invoices", { data: { items: [line, { ...line, product_id: undefined }] } }),
      "items.1.product_id",
    );
    await expectValidationError(
      await client.post("/v1/reseller/invoices", { data: { items: [{ ...line, variant_id: "x" }] } }),
      "items.0.variant_id",
    );
    await expectValidationError(
      await client.post("/v1/reseller/invoices", { data: { items: [line, { ...line, variant_id: 99999999 }] } }),
      "items.1.variant_id",
    );
    // a variant of another product, and a variant of another shop
    await expectValidationError(
      await client.post("/v1/reseller/invoices", { data: { items: [{ ...line, product_id: productId + 1000 }] } }),
      "items.0.product_id",
    );
    const foreign = await otherSeller.get(`/v1/shops/${foreignShopId}/invoices/1`);
    if (foreign.status() === 200) {
      const { product_id, variant_id } = await foreign.json();
      await expectValidationError(
        await client.post("/v1/reseller/invoices", { data: { items: [{ product_id, variant_id, quantity: 1 }] } }),
        "items.0.variant_id",
      );
    }
    // balance: 100 USD does not cover many keys; nothing is charged
    const tooMany = Math.ceil(100 / variant.reseller_price) + 1;
    const poor = await client.post("/v1/reseller/invoices", { data: { items: [{ ...line, quantity: tooMany }] } });
    expect(poor.status()).toBe(422);
    expect((await poor.json()).message).toBe("Insufficient balance.");
    const huge = await client.post("/v1/reseller/invoices", { data: { items: [{ ...line, quantity: 2_000_000_000 }] } });
    expect(huge.status()).toBe(422);
    expect((await huge.json()).message).toBe("Insufficient balance.");
    // stock: a sold-out serial variant
    const soldOut = await pickVariant(client, (v) => v.deliverables_type === "serials" && v.stock === 0);
    const none = await client.post("/v1/reseller/invoices", {
      data: { items: [{ product_id: soldOut.productId, variant_id: soldOut.variant.id, quantity: 1 }] },
    });
    expect(none.status()).toBe(422);
    expect((await none.json()).message).toBe("Insufficient stock.");
    expect(await balanceOf(client)).toBe(100);
    expect((await (await client.get("/v1/reseller/invoices")).json()).total).toBe(0);
    await client.dispose();
  });

  test("Idempotency-Key: same body replays with Idempotent-Replayed and charges once; other body 409; 1..255 chars", async ({
    playwright,
    baseURL,
    seller,
    shopId,
  }) => {
    const fresh = await freshReseller(seller, shopId, 100);
    const client = await resellerClient(playwright, baseURL, fresh.apiKey);
    const { productId, variant } = await pickVariant(client, serials);
    const data = { items: [{ product_id: productId, variant_id: variant.id, quantity: 1 }] };
    const key = randomUUID();
    const first = await client.post("/v1/reseller/invoices", { data, headers: { "Idempotency-Key": key } });
    expect(first.status()).toBe(201);
    expect(first.headers()["idempotent-replayed"]).toBeUndefined();
    const again = await client.post("/v1/reseller/invoices", { data, headers: { "Idempotency-Key": key } });
    expect(again.status()).toBe(201);
    expect(again.headers()["idempotent-replayed"]).toBe("true");
    expect(await again.text()).toBe(await first.text());
    expect(await balanceOf(client)).toBe(cents(100 - variant.reseller_price));

    const other = await client.post("/v1/reseller/invoices", {
      data: { items: [{ ...data.items[0], quantity: 2 }] },
      headers: { "Idempotency-Key": key },
    });
    expect(other.status()).toBe(409);
    expect(await other.json()).toEqual({ message: "Idempotency-Key was already used with a different request." });

    const long = await client.post("/v1/reseller/invoices", { data, headers: { "Idempotency-Key": "k".repeat(256) } });
    expect(long.status()).toBe(422);
    const longest = await client.post("/v1/reseller/invoices", { data, headers: { "Idempotency-Key": "k".repeat(255) } });
    expect(longest.status()).toBe(201);
    expect((await (await client.get("/v1/reseller/invoices")).json()).total).toBe(2);

    // keys are scoped to the reseller: another reseller may use the same key
    const second = await freshReseller(seller, shopId, 100);
    const secondClient = await resellerClient(playwright, baseURL, second.apiKey);
    const theirs = await secondClient.post("/v1/reseller/invoices", { data, headers: { "Idempotency-Key": key } });
    expect(theirs.status()).toBe(201);
    expect(theirs.headers()["idempotent-replayed"]).toBeUndefined();
    expect((await theirs.json()).id).not.toBe((await first.json()).id);
    // a refused request does not burn its key
    const refusedKey = randomUUID();
    const refused = await secondClient.post("/v1/reseller/invoices", {
      data: { items: [{ ...data.items[0], quantity: 500 }] },
      headers: { "Idempotency-Key": refusedKey },
    });
    expect(refused.status()).toBe(422);
    await client.dispose();
    await secondClient.dispose();
  });

  test("a key whose product left the catalog since its first answer still replays it, on the API and the receiver", async ({
    playwright,
    baseURL,
    anonymous,
    seller,
    shopId,
  }) => {
    const product = await createProduct(seller, shopId);
    const variant = product.variants[0];
    const appended = await seller.put(`/v1/shops/${shopId}/products/${product.id}/deliverables/append/${variant.id}`, {
      data: { deliverables: [`GONE-${randomUUID()}`, `GONE-${randomUUID()}`] },
    });
    expect(appended.status()).toBe(200);
    const fresh = await freshReseller(seller, shopId, 100);
    const client = await resellerClient(playwright, baseURL, fresh.apiKey);
    const data = { items: [{ product_id: product.id, variant_id: variant.id, quantity: 1 }] };
    const key = randomUUID();
    const first = await client.post("/v1/reseller/invoices", { data, headers: { "Idempotency-Key": key } });
    expect(first.status(), await first.text()).toBe(201);
    const call = { token: fresh.dynamicToken, secret: fresh.signingSecret, productId: product.id, variantId: variant.id, quantity: 1 };
    const received = await callReceiver(anonymous, { ...call, idempotencyKey: key });
    expect(received.status(), await received.text()).toBe(200);
    const balance = await balanceOf(client);

    expect((await seller.delete(`/v1/shops/${shopId}/products/${product.id}`)).status()).toBe(200);
    const again = await client.post("/v1/reseller/invoices", { data, headers: { "Idempotency-Key": key } });
    expect(again.status()).toBe(201);
    expect(again.headers()["idempotent-replayed"]).toBe("true");
    expect(await again.text()).toBe(await first.text());
    const receivedAgain = await callReceiver(anonymous, { ...call, idempotencyKey: key });
    expect(receivedAgain.status()).toBe(200);
    expect(await receivedAgain.text()).toBe(await received.text());
    expect(await balanceOf(client)).toBe(balance);

    // a new key is refused: the product is no longer sold
    const refused = await client.post("/v1/reseller/invoices", { data, headers: { "Idempotency-Key": randomUUID() } });
    expect(refused.status()).toBe(422);
    const refusedByReceiver = await callReceiver(anonymous, { ...call, idempotencyKey: randomUUID() });
    expect(refusedByReceiver.status()).toBe(422);
    expect(await refusedByReceiver.text()).toBe("Unknown product or variant.");
    await client.dispose();
  });

  test("a dynamic item is fetched from its supplier (two shops end to end) and delivered", async ({
    playwright,
    baseURL,
    seller,
    shopId,
  }) => {
    const fresh = await freshReseller(seller, shopId, 100);
    const client = await resellerClient(playwright, baseURL, fresh.apiKey);
    // the seeded gift card, resold from shop 3 (other tests add dynamic products whose URLs do not answer)
    const giftCard = (await catalog(client)).find((product) => product.name === "Gift Card (instant)")!;
    const productId = giftCard.id;
    const variant = giftCard.variants[0]!;
    const response = await client.post("/v1/reseller/invoices", {
      data: { items: [{ product_id: productId, variant_id: variant.id, quantity: 1 }] },
    });
    expect(response.status(), await response.text()).toBe(201);
    const invoice = await response.json();
    expect(invoice.items[0].status).toBe("completed");
    expect(invoice.items[0].delivered).toHaveLength(1);
    expect(invoice.status).toBe("completed");
    expect(await balanceOf(client)).toBe(cents(100 - variant.reseller_price));
    await client.dispose();
  });
});

test.describe("dynamic delivery receiver", () => {
  test("token 404, timestamp 401, signature 401, Idempotency-Key 400, in that order", async ({ anonymous, seller, shopId }) => {
    const fresh = await freshReseller(seller, shopId, 50);
    const base = { token: fresh.dynamicToken, secret: fresh.signingSecret, productId: 1, variantId: 1 };
    const expectText = async (response: Awaited<ReturnType<typeof callReceiver>>, status: number, body: string) => {
      expect(response.status()).toBe(status);
      expect(response.headers()["content-type"]).toBe("text/plain; charset=utf-8");
      expect(await response.text()).toBe(body);
    };
    const now = () => Math.floor(Date.now() / 1000);
    await expectText(
      await callReceiver(anonymous, { ...base, token: "dyn_unknown", timestamp: null, signature: "x" }),
      404,
      "Invalid token.",
    );
    await expectText(await callReceiver(anonymous, { ...base, timestamp: null }), 401, "Request expired.");
    await expectText(await callReceiver(anonymous, { ...base, timestamp: "abc" }), 401, "Request expired.");
    await expectText(await callReceiver(anonymous, { ...base, timestamp: "12.5" }), 401, "Request expired.");
    await expectText(await callReceiver(anonymous, { ...base, timestamp: String(now() - 302), signature: "bad" }), 401, "Request expired.");
    await expectText(await callReceiver(anonymous, { ...base, timestamp: String(now() + 302) }), 401, "Request expired.");
    // just inside the window, past and future, the checks go on to the signature
    await expectText(
      await callReceiver(anonymous, { ...base, timestamp: String(now() - 290), signature: "bad" }),
      401,
      "Invalid signature.",
    );
    await expectText(
      await callReceiver(anonymous, { ...base, timestamp: String(now() + 290), signature: "bad" }),
      401,
      "Invalid signature.",
    );
    await expectText(await callReceiver(anonymous, { ...base, signature: null }), 401, "Invalid signature.");
    await expectText(await callReceiver(anonymous, { ...base, signature: "0".repeat(64) }), 401, "Invalid signature.");
    await expectText(await callReceiver(anonymous, { ...base, secret: "wrong-secret" }), 401, "Invalid signature.");
    await expectText(await callReceiver(anonymous, { ...base, idempotencyKey: null }), 400, "Missing Idempotency-Key.");
    await expectText(await callReceiver(anonymous, { ...base, idempotencyKey: null, signature: "bad" }), 401, "Invalid signature.");
    // a signature over other bytes than those sent (re-serialised JSON) is wrong
    const body = '{"item": {"quantity": 1}}';
    await expectText(
      await callReceiver(anonymous, {
        ...base,
        body,
        signature: (await import("../support/reseller")).sign(fresh.signingSecret, JSON.stringify(JSON.parse(body))),
      }),
      401,
      "Invalid signature.",
    );
    // a suspended reseller's token is unknown
    expect((await seller.post(`/v1/shops/${shopId}/resellers/${fresh.id}/suspend`)).status()).toBe(200);
    await expectText(await callReceiver(anonymous, base), 404, "Invalid token.");
  });

  test("product/variant 422, quantity 422, balance 422, stock 422", async ({ anonymous, seller, shopId, playwright, baseURL }) => {
    const fresh = await freshReseller(seller, shopId, 5);
    const client = await resellerClient(playwright, baseURL, fresh.apiKey);
    const { productId, variant } = await pickVariant(client, serials);
    const soldOut = await pickVariant(client, (v) => v.deliverables_type === "serials" && v.stock === 0);
    const base = { token: fresh.dynamicToken, secret: fresh.signingSecret, productId, variantId: variant.id };
    const expectText = async (response: Awaited<ReturnType<typeof callReceiver>>, status: number, body: string) => {
      expect(response.status()).toBe(status);
      expect(await response.text()).toBe(body);
    };
    await expectText(await callReceiver(anonymous, { ...base, productId: undefined }), 422, "Unknown product or variant.");
    await expectText(await callReceiver(anonymous, { ...base, variantId: undefined }), 422, "Unknown product or variant.");
    await expectText(await callReceiver(anonymous, { ...base, variantId: 99999999 }), 422, "Unknown product or variant.");
    await expectText(await callReceiver(anonymous, { ...base, productId: productId + 1000 }), 422, "Unknown product or variant.");
    await expectText(await callReceiver(anonymous, { ...base, variantId: "abc", quantity: 0 }), 422, "Unknown product or variant.");
    for (const quantity of [0, -1, 1.5, "abc", null, true]) {
      await expectText(await callReceiver(anonymous, { ...base, quantity }), 422, "Invalid quantity.");
    }
    await expectText(await callReceiver(anonymous, { ...base, body: '{"item":{}}' }), 422, "Invalid quantity.");
    await expectText(await callReceiver(anonymous, { ...base, body: "{}" }), 422, "Invalid quantity.");
    await expectText(await callReceiver(anonymous, { ...base, body: "not json" }), 422, "Invalid quantity.");
    await expectText(await callReceiver(anonymous, { ...base, quantity: 5 }), 422, "Insufficient balance.");
    await expectText(
      await callReceiver(anonymous, { ...base, productId: soldOut.productId, variantId: soldOut.variant.id, quantity: 1 }),
      422,
      soldOut.variant.reseller_price > 5 ? "Insufficient balance." : "Insufficient stock.",
    );
    expect(await balanceOf(client)).toBe(5);
    // with money, the sold-out variant is a stock refusal
    await seller.post(`/v1/shops/${shopId}/resellers/${fresh.id}/balance`, { data: { amount: 500, reason: "top up" } });
    await expectText(
      await callReceiver(anonymous, { ...base, productId: soldOut.productId, variantId: soldOut.variant.id, quantity: 1 }),
      422,
      "Insufficient stock.",
    );
    expect(await balanceOf(client)).toBe(505);
    await client.dispose();
  });

  test("success: 200 lines, recorded as a dynamic reseller invoice; a replay returns the same lines and charges nothing", async ({
    anonymous,
    seller,
    shopId,
    playwright,
    baseURL,
  }) => {
    const fresh = await freshReseller(seller, shopId, 100);
    const client = await resellerClient(playwright, baseURL, fresh.apiKey);
    const { productId, variant } = await pickVariant(client, serials);
    const key = randomUUID();
    const call = {
      token: fresh.dynamicToken,
      secret: fresh.signingSecret,
      productId,
      variantId: variant.id,
      quantity: 2,
      idempotencyKey: key,
    };
    const first = await callReceiver(anonymous, call);
    expect(first.status(), await first.text()).toBe(200);
    expect(first.headers()["content-type"]).toBe("text/plain; charset=utf-8");
    const lines = (await first.text()).split("\n");
    expect(lines).toHaveLength(2);
    expect(new Set(lines).size).toBe(2);
    const charged = cents(100 - variant.reseller_price * 2);
    expect(await balanceOf(client)).toBe(charged);

    const replay = await callReceiver(anonymous, call);
    expect(replay.status()).toBe(200);
    expect(await replay.text()).toBe(lines.join("\n"));
    expect(await balanceOf(client)).toBe(charged);
    // the same key with another request is refused
    const other = await callReceiver(anonymous, { ...call, quantity: 3 });
    expect(other.status()).toBe(409);

    const list = await (await client.get("/v1/reseller/invoices")).json();
    expect(list.total).toBe(1);
    expect(list.data[0].reseller_source).toBe(2);
    const invoice = await (await client.get(`/v1/reseller/invoices/${list.data[0].id}`)).json();
    expect(invoice.source).toBe("dynamic");
    expect(invoice.items[0].delivered).toEqual(lines);

    // a timestamp just inside the window is accepted
    const edge = await callReceiver(anonymous, {
      ...call,
      idempotencyKey: randomUUID(),
      quantity: 1,
      timestamp: String(Math.floor(Date.now() / 1000) - 290),
    });
    expect(edge.status()).toBe(200);
    await client.dispose();
  });
});

test.describe("seller: reseller management", () => {
  test("list, get, 404s and tenant boundary", async ({ seller, otherSeller, shopId, foreignShopId, seed }) => {
    const list = await seller.get(`/v1/shops/${shopId}/resellers`);
    expect(list.status()).toBe(200);
    const body = await list.json();
    expect(body.total).toBeGreaterThanOrEqual(3);
    const demo = body.data.find((r: { email: string }) => r.email === seed.reseller.email);
    expect(demo).toMatchObject({ status: "approved", currency: "USD" });
    expect(demo.balance).toBeGreaterThan(1000);
    expect(demo.tier.name).toBe("Bronze");
    const statuses = new Set(body.data.map((r: { status: string }) => r.status));
    expect(statuses).toEqual(new Set(["approved", "pending", "suspended"]));
    const pending = await (await seller.get(`/v1/shops/${shopId}/resellers?status=pending`)).json();
    expect(pending.data.every((r: { status: string }) => r.status === "pending")).toBe(true);
    await expectValidationError(await seller.get(`/v1/shops/${shopId}/resellers?status=nope`), "status");

    const one = await seller.get(`/v1/shops/${shopId}/resellers/${demo.id}`);
    expect(one.status()).toBe(200);
    expect((await one.json()).id).toBe(demo.id);
    expect(JSON.stringify(await one.json())).not.toContain(seed.reseller.signingSecret);
    for (const id of [99999999, "abc"]) {
      const missing = await seller.get(`/v1/shops/${shopId}/resellers/${id}`);
      expect(missing.status()).toBe(404);
      expect(await missing.json()).toEqual({ message: "Reseller not found." });
    }
    // the other seller's reseller is not in this shop; other owners' shops are 404 Shop not found
    const theirs = await (await otherSeller.get(`/v1/shops/${foreignShopId}/resellers`)).json();
    expect((await seller.get(`/v1/shops/${shopId}/resellers/${theirs.data[0].id}`)).status()).toBe(404);
    await expectShopNotFound(await seller.get(`/v1/shops/${foreignShopId}/resellers`));
    await expectShopNotFound(await otherSeller.get(`/v1/shops/${shopId}/resellers/${demo.id}`));
    await expectShopNotFound(
      await otherSeller.post(`/v1/shops/${shopId}/resellers/${demo.id}/balance`, { data: { amount: 5, reason: "x" } }),
    );
  });

  test("invite: 201, duplicate and invalid email 422", async ({ seller, shopId }) => {
    const email = `invite-${randomUUID()}@example.test`;
    const created = await seller.post(`/v1/shops/${shopId}/resellers`, { data: { email } });
    expect(created.status()).toBe(201);
    expect(await created.json()).toMatchObject({ email, status: "pending", balance: 0 });
    await expectValidationError(await seller.post(`/v1/shops/${shopId}/resellers`, { data: { email } }), "email");
    await expectValidationError(await seller.post(`/v1/shops/${shopId}/resellers`, { data: { email: "nope" } }), "email");
    await expectValidationError(await seller.post(`/v1/shops/${shopId}/resellers`, { data: {} }), "email");
  });

  test("approve and suspend follow the state rules", async ({ seller, shopId }) => {
    const { id } = await (
      await seller.post(`/v1/shops/${shopId}/resellers`, { data: { email: `state-${randomUUID()}@example.test` } })
    ).json();
    const approve = await seller.post(`/v1/shops/${shopId}/resellers/${id}/approve`);
    expect(approve.status()).toBe(200);
    expect((await approve.json()).status).toBe("approved");
    await expectValidationError(await seller.post(`/v1/shops/${shopId}/resellers/${id}/approve`), "status");
    expect((await (await seller.post(`/v1/shops/${shopId}/resellers/${id}/suspend`)).json()).status).toBe("suspended");
    await expectValidationError(await seller.post(`/v1/shops/${shopId}/resellers/${id}/suspend`), "status");
    expect((await (await seller.post(`/v1/shops/${shopId}/resellers/${id}/approve`)).json()).status).toBe("approved");
    expect((await seller.post(`/v1/shops/${shopId}/resellers/99999999/approve`)).status()).toBe(404);
  });

  test("balance adjustments: + and - with a reason, never below zero", async ({ seller, shopId, playwright, baseURL }) => {
    const fresh = await freshReseller(seller, shopId, 10);
    const path = `/v1/shops/${shopId}/resellers/${fresh.id}/balance`;
    const credited = await seller.post(path, { data: { amount: 15.5, reason: "Bank transfer" } });
    expect(credited.status()).toBe(200);
    expect((await credited.json()).balance).toBe(25.5);
    expect((await (await seller.post(path, { data: { amount: -5.25, reason: "Correction" } })).json()).balance).toBe(20.25);
    await expectValidationError(await seller.post(path, { data: { amount: -20.26, reason: "Too much" } }), "amount");
    expect((await (await seller.post(path, { data: { amount: "-20.25", reason: "To zero" } })).json()).balance).toBe(0);
    await expectValidationError(await seller.post(path, { data: { amount: 5 } }), "reason");
    await expectValidationError(await seller.post(path, { data: { amount: 5, reason: "" } }), "reason");
    await expectValidationError(await seller.post(path, { data: { amount: 5, reason: "r".repeat(256) } }), "reason");
    await expectValidationError(await seller.post(path, { data: { amount: 0, reason: "zero" } }), "amount");
    await expectValidationError(await seller.post(path, { data: { amount: 1.234, reason: "cents" } }), "amount");
    await expectValidationError(await seller.post(path, { data: { reason: "none" } }), "amount");
    const client = await resellerClient(playwright, baseURL, fresh.apiKey);
    expect(await balanceOf(client)).toBe(0);
    await client.dispose();
  });

  test("seller rotations: old API key, signing secret and dynamic token stop working at once", async ({
    seller,
    shopId,
    anonymous,
    playwright,
    baseURL,
  }) => {
    const fresh = await freshReseller(seller, shopId, 50);
    const client = await resellerClient(playwright, baseURL, fresh.apiKey);
    const { productId, variant } = await pickVariant(client, serials);
    const base = `/v1/shops/${shopId}/resellers/${fresh.id}`;
    const newKey = (await (await seller.post(`${base}/api-key/rotate`)).json()).api_key;
    expect(newKey).not.toBe(fresh.apiKey);
    await expectUnauthenticated(await client.get("/v1/reseller/balance"));
    expect((await anonymous.get("/v1/reseller/balance", { headers: { Authorization: `Bearer ${newKey}` } })).status()).toBe(200);

    const newSecret = (await (await seller.post(`${base}/signing-secret/rotate`)).json()).signing_secret;
    const call = { token: fresh.dynamicToken, productId, variantId: variant.id, quantity: 1 };
    expect((await callReceiver(anonymous, { ...call, secret: fresh.signingSecret })).status()).toBe(401);
    expect((await callReceiver(anonymous, { ...call, secret: newSecret })).status()).toBe(200);

    const newToken = (await (await seller.post(`${base}/dynamic-token/rotate`)).json()).dynamic_token;
    expect((await callReceiver(anonymous, { ...call, secret: newSecret })).status()).toBe(404);
    expect((await callReceiver(anonymous, { ...call, token: newToken, secret: newSecret })).status()).toBe(200);
    await client.dispose();
  });

  test("reseller rotations return the new value once and the old one stops", async ({ seller, shopId, anonymous, playwright, baseURL }) => {
    const fresh = await freshReseller(seller, shopId, 50);
    const client = await resellerClient(playwright, baseURL, fresh.apiKey);
    const { productId, variant } = await pickVariant(client, serials);
    const secret = (await (await client.post("/v1/reseller/signing-secret/rotate")).json()).signing_secret;
    expect(typeof secret).toBe("string");
    const token = (await (await client.post("/v1/reseller/dynamic-token/rotate")).json()).dynamic_token;
    const products = await catalog(client);
    expect(products[0]!.variants[0]!.dynamic_url).toContain(`/dynamic/${token}?`);
    expect((await callReceiver(anonymous, { token: fresh.dynamicToken, secret, productId, variantId: variant.id })).status()).toBe(404);
    expect((await callReceiver(anonymous, { token, secret: fresh.signingSecret, productId, variantId: variant.id })).status()).toBe(401);
    expect((await callReceiver(anonymous, { token, secret, productId, variantId: variant.id })).status()).toBe(200);
    const rotated = await client.post("/v1/reseller/api-key/rotate");
    expect(rotated.status()).toBe(200);
    const key = (await rotated.json()).api_key;
    await expectUnauthenticated(await client.get("/v1/reseller/balance"));
    expect((await anonymous.get("/v1/reseller/balance", { headers: { Authorization: `Bearer ${key}` } })).status()).toBe(200);
    await client.dispose();
  });

  test("tiers CRUD with bounds; 404 inside the shop and across shops", async ({ seller, otherSeller, shopId, foreignShopId }) => {
    const path = `/v1/shops/${shopId}/reseller-tiers`;
    const list = await (await seller.get(path)).json();
    expect(list.data.map((t: { name: string }) => t.name)).toEqual(expect.arrayContaining(["Bronze", "Silver", "Gold"]));
    const data = {
      name: `Tier ${randomUUID().slice(0, 8)}`,
      discount_percentage: 99.5,
      min_spent_usd: 999999,
      min_sales_count: 100000,
      image_url: null,
    };
    const created = await seller.post(path, { data });
    expect(created.status()).toBe(201);
    const tier = await created.json();
    expect(tier).toMatchObject({
      name: data.name,
      discount_percentage: 99.5,
      min_spent_usd: "999999.00",
      min_sales_count: 100000,
      image_url: null,
    });
    expect((await (await seller.get(`${path}/${tier.id}`)).json()).id).toBe(tier.id);
    const updated = await seller.put(`${path}/${tier.id}`, {
      data: { discount_percentage: 100, image_url: "https://example.test/gold.png" },
    });
    expect(updated.status()).toBe(200);
    expect(await updated.json()).toMatchObject({ name: data.name, discount_percentage: 100, image_url: "https://example.test/gold.png" });
    await expectValidationError(await seller.post(path, { data: { ...data, discount_percentage: 100.01 } }), "discount_percentage");
    await expectValidationError(await seller.post(path, { data: { ...data, discount_percentage: -1 } }), "discount_percentage");
    await expectValidationError(await seller.post(path, { data: { ...data, min_sales_count: -1 } }), "min_sales_count");
    await expectValidationError(await seller.post(path, { data: { ...data, name: "" } }), "name");
    await expectValidationError(await seller.post(path, { data: { ...data, name: "n".repeat(256) } }), "name");
    await expectValidationError(await seller.post(path, { data: { ...data, image_url: "not a url" } }), "image_url");
    // the portal shows it as an image: no script or inline-data address
    for (const hostile of ["javascript:alert(1)", "JavaScript:alert(1)", "data:image/svg+xml,<svg onload=alert(1)>"]) {
      await expectValidationError(await seller.post(path, { data: { ...data, image_url: hostile } }), "image_url");
      await expectValidationError(await seller.put(`${path}/${tier.id}`, { data: { image_url: hostile } }), "image_url");
    }
    await expectShopNotFound(await otherSeller.get(`${path}/${tier.id}`));
    const foreignTier = (await (await otherSeller.get(`/v1/shops/${foreignShopId}/reseller-tiers`)).json()).data[0];
    expect((await seller.get(`${path}/${foreignTier.id}`)).status()).toBe(404);
    expect((await seller.delete(`${path}/${foreignTier.id}`)).status()).toBe(404);
    const deleted = await seller.delete(`${path}/${tier.id}`);
    expect(deleted.status()).toBe(200);
    expect(await deleted.json()).toEqual({ message: "Reseller tier deleted." });
    const gone = await seller.get(`${path}/${tier.id}`);
    expect(gone.status()).toBe(404);
    expect(await gone.json()).toEqual({ message: "Reseller tier not found." });
  });
});
