import { randomUUID } from "node:crypto";
import { expect, expectValidationError, test } from "../support/api";
import { createProduct } from "../support/catalog";
import { balanceOf, callReceiver, catalog, cents, freshReseller, manySerials, pickVariant, resellerClient } from "../support/reseller";

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** A reseller buys through the API: what is charged and delivered, its refusals, Idempotency-Key replays, dynamic items. */

test.describe("reseller API: invoices", () => {
  test("create: 201, charged reseller_price x quantity, serials delivered and taken from stock", async ({
    playwright,
    baseURL,
    seller,
    shopId,
  }) => {
    const fresh = await freshReseller(seller, shopId, 200);
    const client = await resellerClient(playwright, baseURL, fresh.apiKey);
    const { productId, variant } = await pickVariant(client, manySerials);
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
    const { productId, variant } = await pickVariant(client, manySerials);
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
    const { productId, variant } = await pickVariant(client, manySerials);
    const data = { items: [{ product_id: productId, variant_id: variant.id, quantity: 1 }] };
    const key = randomUUID();
    const first = await client.post("/v1/reseller/invoices", { data, headers: { "Idempotency-Key": key } });
    expect(first.status(), `${JSON.stringify(variant)}: ${await first.text()}`).toBe(201);
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
