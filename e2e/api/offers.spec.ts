import { expect, expectGuarded, expectValidationError, test } from "../support/api";
import { demoCatalog, uniqueName, type DemoCatalog } from "../support/promotions";

/** Bundle offers. Every offer these tests create is disabled, so no invoice of another test is repriced. */

const base = (shopId: number) => `/v1/shops/${shopId}/bundle-offers`;

function offerBody(catalog: DemoCatalog, overrides: Record<string, unknown> = {}) {
  return {
    name: uniqueName("Bundle"),
    type: "percentage",
    discount: 12.5,
    max_uses_per_cart: 2,
    priority: 3,
    starts_at: "2026-02-01",
    ends_at: "2037-06-30T12:00:00Z",
    enabled: false,
    items: [catalog.steam, catalog.giftcard],
    ...overrides,
  };
}

test.describe("bundle offers", () => {
  test("create, read, list, replace and delete", async ({ seller, shopId }) => {
    const catalog = await demoCatalog(seller, shopId);
    const body = offerBody(catalog);
    const created = await seller.post(base(shopId), { data: body });
    expect(created.status(), await created.text()).toBe(201);
    const offer = await created.json();
    expect(offer).toMatchObject({
      shop_id: shopId,
      name: body.name,
      type: "percentage",
      discount: 12.5,
      max_uses_per_cart: 2,
      priority: 3,
      starts_at: "2026-02-01T00:00:00.000Z",
      ends_at: "2037-06-30T12:00:00.000Z",
      enabled: false,
    });
    expect([...offer.items].sort()).toEqual([catalog.steam, catalog.giftcard].sort());

    const read = await seller.get(`${base(shopId)}/${offer.id}`);
    expect(read.status()).toBe(200);
    expect(await read.json()).toEqual(offer);

    const list = await (await seller.get(`${base(shopId)}?perPage=100`)).json();
    expect(list.per_page).toBe(100);
    expect(typeof list.total).toBe("number");
    expect(list.data.some((row: { id: number }) => row.id === offer.id)).toBe(true);

    // a full replacement: items are replaced, optional fields left out are cleared
    const replaced = await seller.put(`${base(shopId)}/${offer.id}/update`, {
      data: { name: "Coaching pair", type: "fixed", discount: 5, enabled: false, items: [catalog.coaching, catalog.coaching] },
    });
    expect(replaced.status(), await replaced.text()).toBe(200);
    expect(await replaced.json()).toMatchObject({
      id: offer.id,
      name: "Coaching pair",
      type: "fixed",
      discount: 5,
      items: [catalog.coaching],
      max_uses_per_cart: null,
      priority: 0,
      starts_at: null,
      ends_at: null,
    });

    const deleted = await seller.delete(`${base(shopId)}/${offer.id}`);
    expect(deleted.status()).toBe(200);
    expect(await deleted.json()).toEqual({ message: "Bundle offer deleted." });
    const gone = await seller.get(`${base(shopId)}/${offer.id}`);
    expect(gone.status()).toBe(404);
    expect(await gone.json()).toEqual({ message: "Bundle offer not found." });
  });

  test("bounds just inside are accepted", async ({ seller, shopId }) => {
    const catalog = await demoCatalog(seller, shopId);
    const cases: Record<string, unknown>[] = [
      { name: "y".repeat(255) },
      { type: "fixed", discount: 0.01 },
      { type: "fixed", discount: 999999 },
      { max_uses_per_cart: 1, priority: 0 },
      { max_uses_per_cart: null, priority: null, starts_at: null, ends_at: null },
      { starts_at: "2038-01-18", ends_at: "2038-01-18T23:59:59Z" },
      { items: [catalog.coaching] },
    ];
    for (const overrides of cases) {
      const response = await seller.post(base(shopId), { data: offerBody(catalog, overrides) });
      expect(response.status(), `${JSON.stringify(overrides)}: ${await response.text()}`).toBe(201);
      await seller.delete(`${base(shopId)}/${(await response.json()).id}`);
    }
  });

  test("bounds just outside, missing and malformed fields are 422 on the field", async ({ seller, shopId }) => {
    const catalog = await demoCatalog(seller, shopId);
    const cases: [Record<string, unknown>, string][] = [
      [{ name: "y".repeat(256) }, "name"],
      [{ name: undefined }, "name"],
      [{ type: undefined }, "type"],
      [{ type: "bogo" }, "type"],
      [{ discount: 0 }, "discount"],
      [{ discount: 0.009 }, "discount"],
      [{ discount: 999999.01 }, "discount"],
      [{ discount: undefined }, "discount"],
      [{ max_uses_per_cart: 0 }, "max_uses_per_cart"],
      [{ priority: -1 }, "priority"],
      [{ starts_at: "2038-01-19", ends_at: null }, "starts_at"],
      [{ ends_at: "2038-01-19T00:00:00Z" }, "ends_at"],
      [{ ends_at: "yesterday" }, "ends_at"],
      [{ starts_at: "2030-05-05", ends_at: "2030-05-04" }, "ends_at"],
      [{ enabled: undefined }, "enabled"],
      [{ enabled: "perhaps" }, "enabled"],
      [{ items: undefined }, "items"],
      [{ items: [] }, "items"],
      [{ items: "steam" }, "items"],
      [{ items: [999999] }, "items.0"],
      [{ items: [catalog.steam, "x"] }, "items.1"],
    ];
    for (const [overrides, field] of cases) {
      await expectValidationError(await seller.post(base(shopId), { data: offerBody(catalog, overrides) }), field);
    }
    const offer = await (await seller.post(base(shopId), { data: offerBody(catalog) })).json();
    await expectValidationError(
      await seller.put(`${base(shopId)}/${offer.id}/update`, { data: offerBody(catalog, { items: [] }) }),
      "items",
    );
    // a refused update leaves the offer as it was
    expect((await (await seller.get(`${base(shopId)}/${offer.id}`)).json()).items.length).toBe(2);
    await seller.delete(`${base(shopId)}/${offer.id}`);
  });

  test("list paging bounds", async ({ seller, shopId }) => {
    expect((await seller.get(`${base(shopId)}?perPage=100`)).status()).toBe(200);
    await expectValidationError(await seller.get(`${base(shopId)}?perPage=0`), "perPage");
    await expectValidationError(await seller.get(`${base(shopId)}?perPage=101`), "perPage");
    await expectValidationError(await seller.get(`${base(shopId)}?page=0`), "page");
  });

  test("unknown ids inside the shop are 404 Bundle offer not found", async ({ seller, shopId }) => {
    const catalog = await demoCatalog(seller, shopId);
    for (const id of ["999999", "x1"]) {
      for (const response of [
        await seller.get(`${base(shopId)}/${id}`),
        await seller.delete(`${base(shopId)}/${id}`),
        await seller.put(`${base(shopId)}/${id}/update`, { data: offerBody(catalog) }),
      ]) {
        expect(response.status()).toBe(404);
        expect(await response.json()).toEqual({ message: "Bundle offer not found." });
      }
    }
  });

  test("another shop's offer is not found, and another seller's shop is 404 Shop not found; no key or a bad one 401", async ({
    seller,
    otherSeller,
    anonymous,
    shopId,
    seed,
    foreignShopId,
  }) => {
    const catalog = await demoCatalog(seller, shopId);
    const offer = await (await seller.post(base(shopId), { data: offerBody(catalog) })).json();
    const secondShop = seed.seller.shopIds[1]!;
    expect((await seller.get(`${base(secondShop)}/${offer.id}`)).status()).toBe(404);
    expect((await seller.put(`${base(secondShop)}/${offer.id}/update`, { data: offerBody(catalog) })).status()).toBe(404);
    // the first shop's products are not products of the second shop
    await expectValidationError(await seller.post(base(secondShop), { data: offerBody(catalog) }), "items.0");

    const one = (shop: number) => `${base(shop)}/${offer.id}`;
    await expectGuarded({ seller, otherSeller, anonymous, shopId, foreignShopId }, [
      { method: "get", path: base },
      { method: "post", path: base, data: offerBody(catalog) },
      { method: "get", path: one },
      { method: "put", path: (shop) => `${one(shop)}/update`, data: offerBody(catalog) },
      { method: "delete", path: one },
    ]);
    expect((await seller.get(`${base(shopId)}/${offer.id}`)).status()).toBe(200);
    await seller.delete(`${base(shopId)}/${offer.id}`);
  });
});
