import { randomUUID } from "node:crypto";
import { expect, test } from "../support/api";
import { createProduct } from "../support/catalog";
import { balanceOf, freshReseller, pickVariant, resellerClient } from "../support/reseller";

/**
 * Concurrency of reseller purchases, each on a reseller of its own (made
 * through the seller routes) so no other test moves its balance.
 */
test.describe("reseller purchase races", () => {
  test.describe.configure({ timeout: 180_000 });

  test("100 concurrent purchases against a balance covering 37: exactly 37 invoices, 37 charges, 37 distinct serials", async ({
    playwright,
    baseURL,
    seller,
    seed,
  }) => {
    // The seller's second shop has no tier ladder, so the price cannot change
    // mid-race (in the first shop 27 purchases earn the next tier).
    const shopId = seed.seller.shopIds[1]!;
    const fresh = await freshReseller(seller, shopId);
    const client = await resellerClient(playwright, baseURL, fresh.apiKey);
    const { productId, variant } = await pickVariant(client, (v) => v.deliverables_type === "serials" && v.stock >= 37);
    expect(variant.discount_percentage).toBe(0);
    const budget = Math.round(variant.reseller_price * 37 * 100) / 100;
    const credit = await seller.post(`/v1/shops/${shopId}/resellers/${fresh.id}/balance`, {
      data: { amount: budget, reason: "Race budget" },
    });
    expect(credit.status()).toBe(200);

    const data = { items: [{ product_id: productId, variant_id: variant.id, quantity: 1 }] };
    const responses = await Promise.all(
      Array.from({ length: 100 }, () => client.post("/v1/reseller/invoices", { data, timeout: 170_000 })),
    );
    const statuses = responses.map((response) => response.status());
    expect(statuses.filter((status) => status === 201)).toHaveLength(37);
    expect(statuses.filter((status) => status === 422)).toHaveLength(63);
    for (const response of responses.filter((r) => r.status() === 422)) {
      expect((await response.json()).message).toBe("Insufficient balance.");
    }
    const delivered = (await Promise.all(responses.filter((r) => r.status() === 201).map((r) => r.json()))).flatMap(
      (invoice: { items: { delivered: string[] }[] }) => invoice.items.flatMap((item) => item.delivered),
    );
    expect(delivered).toHaveLength(37);
    expect(new Set(delivered).size).toBe(37);

    expect(await balanceOf(client)).toBe(0);
    const list = await (await client.get("/v1/reseller/invoices?perPage=100")).json();
    expect(list.total).toBe(37);
    const balance = await (await client.get("/v1/reseller/balance")).json();
    expect(balance.total_orders).toBe(37);
    expect(balance.total_spent_usd).toBe(budget);
    await client.dispose();
  });

  test("20 concurrent requests with one Idempotency-Key make one invoice and one charge", async ({
    playwright,
    baseURL,
    seller,
    shopId,
  }) => {
    const fresh = await freshReseller(seller, shopId, 100);
    const client = await resellerClient(playwright, baseURL, fresh.apiKey);
    const { productId, variant } = await pickVariant(client, (v) => v.deliverables_type === "serials" && v.stock >= 10);
    const key = randomUUID();
    const data = { items: [{ product_id: productId, variant_id: variant.id, quantity: 2 }] };
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        client.post("/v1/reseller/invoices", { data, headers: { "Idempotency-Key": key }, timeout: 170_000 }),
      ),
    );
    const created = responses.filter((response) => response.status() === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    for (const response of responses) {
      expect([201, 409]).toContain(response.status());
      if (response.status() === 409) {
        expect(await response.json()).toEqual({ message: "A request with this Idempotency-Key is in progress." });
      }
    }
    const ids = new Set(await Promise.all(created.map(async (response) => (await response.json()).id)));
    expect(ids.size).toBe(1);
    expect(created.filter((response) => response.headers()["idempotent-replayed"] !== "true")).toHaveLength(1);

    // afterwards every retry replays the one invoice
    const replay = await client.post("/v1/reseller/invoices", { data, headers: { "Idempotency-Key": key } });
    expect(replay.status()).toBe(201);
    expect(replay.headers()["idempotent-replayed"]).toBe("true");
    expect((await replay.json()).id).toBe([...ids][0]);
    expect((await (await client.get("/v1/reseller/invoices")).json()).total).toBe(1);
    expect(await balanceOf(client)).toBe(Math.round((100 - variant.reseller_price * 2) * 100) / 100);
    await client.dispose();
  });

  test("two resellers buy the same two variants in opposite orders at once: every purchase goes through and stock falls by what was sold", async ({
    playwright,
    baseURL,
    seller,
    seed,
  }) => {
    const shopId = seed.seller.shopIds[1]!;
    const product = await createProduct(seller, shopId, {
      variants: [
        { name: "Red", price: 1 },
        { name: "Blue", price: 1 },
      ],
    });
    const [red, blue] = product.variants as { id: number; name: string }[];
    for (const variant of [red!, blue!]) {
      const keys = Array.from({ length: 30 }, (_, index) => `${variant.name}-${product.id}-${index}`);
      const added = await seller.put(`/v1/shops/${shopId}/products/${product.id}/deliverables/append/${variant.id}`, {
        data: { deliverables: keys },
      });
      expect(added.status(), await added.text()).toBe(200);
    }
    const buyers = await Promise.all([freshReseller(seller, shopId, 100), freshReseller(seller, shopId, 100)]);
    const clients = await Promise.all(buyers.map((buyer) => resellerClient(playwright, baseURL, buyer.apiKey)));
    const line = (variant: { id: number }) => ({ product_id: product.id, variant_id: variant.id, quantity: 1 });
    const orders = [{ items: [line(red!), line(blue!)] }, { items: [line(blue!), line(red!)] }];

    const responses = await Promise.all(
      Array.from({ length: 24 }, (_, index) =>
        clients[index % 2]!.post("/v1/reseller/invoices", { data: orders[index % 2], timeout: 170_000 }),
      ),
    );
    for (const response of responses) expect(response.status(), await response.text()).toBe(201);
    const delivered = (await Promise.all(responses.map((response) => response.json()))).flatMap(
      (invoice: { items: { delivered: string[] }[] }) => invoice.items.flatMap((item) => item.delivered),
    );
    expect(delivered).toHaveLength(48);
    expect(new Set(delivered).size).toBe(48);

    const after = await (await seller.get(`/v1/shops/${shopId}/products/${product.id}`)).json();
    expect(after.stock_count).toBe(12);
    expect(after.variants.map((variant: { stock: number }) => variant.stock)).toEqual([6, 6]);
    await Promise.all(clients.map((client) => client.dispose()));
  });
});
