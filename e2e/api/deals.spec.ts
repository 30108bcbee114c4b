import { expect, expectGuarded, expectValidationError, test } from "../support/api";
import { demoCatalog, uniqueName, type DemoCatalog } from "../support/promotions";

/**
 * Quantity deals. Every deal these tests create is disabled, except the one
 * the pricing test needs (on a quantity no other test orders), so that
 * invoices created by other tests are not repriced under their feet.
 */

const base = (shopId: number) => `/v1/shops/${shopId}/quantity-deals`;

function dealBody(catalog: DemoCatalog, overrides: Record<string, unknown> = {}) {
  return {
    name: uniqueName("Deal"),
    product_id: catalog.steam,
    variant_id: catalog.deluxe,
    buy_quantity: 2,
    discounted_quantity: 1,
    percentage: 25,
    max_uses_per_cart: 3,
    priority: 4,
    starts_at: "2026-01-01T00:00:00Z",
    ends_at: "2037-12-31T00:00:00Z",
    enabled: false,
    ...overrides,
  };
}

test.describe("quantity deals", () => {
  test("create, read, list, replace and delete", async ({ seller, shopId }) => {
    const catalog = await demoCatalog(seller, shopId);
    const body = dealBody(catalog);
    const created = await seller.post(base(shopId), { data: body });
    expect(created.status(), await created.text()).toBe(201);
    const deal = await created.json();
    expect(deal).toMatchObject({
      shop_id: shopId,
      name: body.name,
      product_id: catalog.steam,
      variant_id: catalog.deluxe,
      buy_quantity: 2,
      discounted_quantity: 1,
      percentage: 25,
      max_uses_per_cart: 3,
      priority: 4,
      starts_at: "2026-01-01T00:00:00.000Z",
      ends_at: "2037-12-31T00:00:00.000Z",
      enabled: false,
    });
    expect(Number.isInteger(deal.id)).toBe(true);

    const read = await seller.get(`${base(shopId)}/${deal.id}`);
    expect(read.status()).toBe(200);
    expect(await read.json()).toEqual(deal);

    const list = await seller.get(`${base(shopId)}?perPage=100`);
    expect(list.status()).toBe(200);
    const envelope = await list.json();
    for (const field of [
      "current_page",
      "data",
      "first_page_url",
      "from",
      "last_page",
      "last_page_url",
      "links",
      "next_page_url",
      "path",
      "per_page",
      "prev_page_url",
      "to",
      "total",
    ]) {
      expect(envelope).toHaveProperty(field);
    }
    expect(envelope.per_page).toBe(100);
    expect(envelope.data.some((row: { id: number }) => row.id === deal.id)).toBe(true);

    // update replaces the whole deal: fields left out are cleared
    const replaced = await seller.put(`${base(shopId)}/${deal.id}/update`, {
      data: { name: "Renamed", product_id: catalog.steam, buy_quantity: 5, discounted_quantity: 2, percentage: 12.5, enabled: false },
    });
    expect(replaced.status(), await replaced.text()).toBe(200);
    expect(await replaced.json()).toMatchObject({
      id: deal.id,
      name: "Renamed",
      variant_id: null,
      buy_quantity: 5,
      discounted_quantity: 2,
      percentage: 12.5,
      max_uses_per_cart: null,
      priority: 0,
      starts_at: null,
      ends_at: null,
    });

    const deleted = await seller.delete(`${base(shopId)}/${deal.id}`);
    expect(deleted.status()).toBe(200);
    expect(await deleted.json()).toEqual({ message: "Quantity deal deleted." });
    const gone = await seller.get(`${base(shopId)}/${deal.id}`);
    expect(gone.status()).toBe(404);
    expect(await gone.json()).toEqual({ message: "Quantity deal not found." });
    expect((await seller.delete(`${base(shopId)}/${deal.id}`)).status()).toBe(404);
  });

  test("bounds just inside are accepted", async ({ seller, shopId }) => {
    const catalog = await demoCatalog(seller, shopId);
    const cases: Record<string, unknown>[] = [
      { name: "x".repeat(255) },
      { buy_quantity: 1, discounted_quantity: 1 },
      { percentage: 0.01 },
      { percentage: 100 },
      { max_uses_per_cart: 1 },
      { max_uses_per_cart: null, priority: null, variant_id: null, starts_at: null, ends_at: null },
      { priority: 0 },
      { starts_at: "2038-01-18T23:59:59Z", ends_at: null },
      { starts_at: null, ends_at: "2038-01-18" },
      { enabled: "false" },
    ];
    for (const overrides of cases) {
      const response = await seller.post(base(shopId), { data: dealBody(catalog, overrides) });
      expect(response.status(), `${JSON.stringify(overrides)}: ${await response.text()}`).toBe(201);
      await seller.delete(`${base(shopId)}/${(await response.json()).id}`);
    }
  });

  test("bounds just outside, missing and malformed fields are 422 on the field", async ({ seller, shopId }) => {
    const catalog = await demoCatalog(seller, shopId);
    const cases: [Record<string, unknown>, string][] = [
      [{ name: "x".repeat(256) }, "name"],
      [{ name: "" }, "name"],
      [{ name: undefined }, "name"],
      [{ product_id: undefined }, "product_id"],
      [{ buy_quantity: 0 }, "buy_quantity"],
      [{ buy_quantity: 1.5 }, "buy_quantity"],
      [{ buy_quantity: undefined }, "buy_quantity"],
      [{ discounted_quantity: 0 }, "discounted_quantity"],
      [{ discounted_quantity: undefined }, "discounted_quantity"],
      [{ percentage: 0 }, "percentage"],
      [{ percentage: 0.009 }, "percentage"],
      [{ percentage: 100.01 }, "percentage"],
      [{ percentage: "lots" }, "percentage"],
      [{ percentage: undefined }, "percentage"],
      [{ max_uses_per_cart: 0 }, "max_uses_per_cart"],
      [{ priority: -1 }, "priority"],
      [{ starts_at: "2038-01-19T00:00:00Z", ends_at: null }, "starts_at"],
      [{ ends_at: "2038-01-19" }, "ends_at"],
      [{ starts_at: "not a date" }, "starts_at"],
      [{ starts_at: "2027-01-02", ends_at: "2027-01-01" }, "ends_at"],
      [{ enabled: undefined }, "enabled"],
      [{ enabled: "maybe" }, "enabled"],
      [{ product_id: 999999 }, "product_id"],
      [{ variant_id: 999999 }, "variant_id"],
      // a variant of another product of the shop
      [{ product_id: catalog.giftcard, variant_id: catalog.deluxe }, "variant_id"],
    ];
    for (const [overrides, field] of cases) {
      await expectValidationError(await seller.post(base(shopId), { data: dealBody(catalog, overrides) }), field);
    }
    const deal = await (await seller.post(base(shopId), { data: dealBody(catalog) })).json();
    await expectValidationError(
      await seller.put(`${base(shopId)}/${deal.id}/update`, { data: dealBody(catalog, { percentage: 101 }) }),
      "percentage",
    );
    await seller.delete(`${base(shopId)}/${deal.id}`);
  });

  test("the message names the first error and counts the others", async ({ seller, shopId }) => {
    const response = await seller.post(base(shopId), { data: {} });
    const body = await expectValidationError(response, "name");
    expect(body.message).toMatch(/^The name field is required\. \(and \d+ more errors\)$/);
  });

  test("list paging bounds", async ({ seller, shopId }) => {
    expect((await seller.get(`${base(shopId)}?perPage=1`)).status()).toBe(200);
    await expectValidationError(await seller.get(`${base(shopId)}?perPage=0`), "perPage");
    await expectValidationError(await seller.get(`${base(shopId)}?perPage=101`), "perPage");
    await expectValidationError(await seller.get(`${base(shopId)}?page=0`), "page");
    const beyond = await (await seller.get(`${base(shopId)}?page=9999`)).json();
    expect(beyond.data).toEqual([]);
    expect(beyond.current_page).toBe(9999);
  });

  test("unknown ids inside the shop are 404 Quantity deal not found", async ({ seller, shopId }) => {
    const catalog = await demoCatalog(seller, shopId);
    for (const id of ["999999", "abc"]) {
      for (const response of [
        await seller.get(`${base(shopId)}/${id}`),
        await seller.delete(`${base(shopId)}/${id}`),
        await seller.put(`${base(shopId)}/${id}/update`, { data: dealBody(catalog) }),
      ]) {
        expect(response.status()).toBe(404);
        expect(await response.json()).toEqual({ message: "Quantity deal not found." });
      }
    }
  });

  test("another shop's deal is not found, and another seller's shop is 404 Shop not found; no key or a bad one 401", async ({
    seller,
    otherSeller,
    anonymous,
    shopId,
    seed,
    foreignShopId,
  }) => {
    const catalog = await demoCatalog(seller, shopId);
    const deal = await (await seller.post(base(shopId), { data: dealBody(catalog) })).json();
    const secondShop = seed.seller.shopIds[1]!;
    const elsewhere = await seller.get(`${base(secondShop)}/${deal.id}`);
    expect(elsewhere.status()).toBe(404);
    expect(await elsewhere.json()).toEqual({ message: "Quantity deal not found." });
    expect((await seller.delete(`${base(secondShop)}/${deal.id}`)).status()).toBe(404);
    // the first shop's product is not a product of the second shop
    await expectValidationError(await seller.post(base(secondShop), { data: dealBody(catalog, { variant_id: null }) }), "product_id");

    const one = (shop: number) => `${base(shop)}/${deal.id}`;
    await expectGuarded({ seller, otherSeller, anonymous, shopId, foreignShopId }, [
      { method: "get", path: base },
      { method: "post", path: base, data: dealBody(catalog) },
      { method: "get", path: one },
      { method: "put", path: (shop) => `${one(shop)}/update`, data: dealBody(catalog) },
      { method: "delete", path: one },
    ]);
    expect((await seller.get(`${base(shopId)}/${deal.id}`)).status()).toBe(200);
    await seller.delete(`${base(shopId)}/${deal.id}`);
  });

  test("a running deal lowers the price of a new invoice; a deleted one no longer does", async ({ seller, shopId }) => {
    const catalog = await demoCatalog(seller, shopId);
    // buy 7 Deluxe (34.99), get 3 at 10 % off: 349.90 - 3 x 3.499 (10.497 -> 10.50) = 339.40
    const deal = await (
      await seller.post(base(shopId), {
        data: dealBody(catalog, {
          buy_quantity: 7,
          discounted_quantity: 3,
          percentage: 10,
          max_uses_per_cart: 1,
          priority: 1000,
          starts_at: "2026-01-01",
          ends_at: "2037-01-01",
          enabled: true,
        }),
      })
    ).json();
    const order = { email: `deal-${Date.now()}@example.com`, items: [{ variant_id: catalog.deluxe, quantity: 10 }] };
    try {
      const invoice = await seller.post(`/v1/shops/${shopId}/invoices`, { data: order });
      expect(invoice.status(), await invoice.text()).toBe(201);
      const body = await invoice.json();
      expect(body.price).toBe("339.40");
      expect(body.items[0]).toMatchObject({ quantity: 10, unit_price: "34.99", total_price: "339.40" });
    } finally {
      await seller.delete(`${base(shopId)}/${deal.id}`);
    }
    const after = await (await seller.post(`/v1/shops/${shopId}/invoices`, { data: order })).json();
    expect(after.price).toBe("349.90");
  });
});
