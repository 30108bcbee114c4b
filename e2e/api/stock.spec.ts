import { expect, expectGuarded, expectValidationError, test } from "../support/api";
import { createProduct } from "../support/catalog";

test.describe("service stock", () => {
  test("absolute and relative changes, bounded and never below zero", async ({ seller, shopId }) => {
    const product = await createProduct(seller, shopId, { deliverables_type: "service", variants: [{ name: "Hour", price: 20 }] });
    const variant = product.variants[0];
    expect(variant.stock).toBeNull(); // an uncounted service is never sold out
    const url = `/v1/shops/${shopId}/products/${product.id}/stock/${variant.id}`;

    const set = await seller.put(url, { data: { stock: 5 } });
    expect(set.status(), await set.text()).toBe(200);
    expect(await set.json()).toMatchObject({ id: variant.id, stock: 5 });
    expect(await (await seller.put(url, { data: { delta: -2 } })).json()).toMatchObject({ stock: 3 });
    await expectValidationError(await seller.put(url, { data: { delta: -4 } }), "delta");
    expect(await (await seller.put(url, { data: { delta: -3 } })).json()).toMatchObject({ stock: 0 });
    expect(await (await seller.put(url, { data: { stock: 0 } })).json()).toMatchObject({ stock: 0 });
    await expectValidationError(await seller.put(url, { data: { stock: -1 } }), "stock");
    expect(await (await seller.put(url, { data: { stock: 1000000 } })).json()).toMatchObject({ stock: 1000000 });
    await expectValidationError(await seller.put(url, { data: { stock: 1000001 } }), "stock");
    await expectValidationError(await seller.put(url, { data: { delta: 1000001 } }), "delta");
    await expectValidationError(await seller.put(url, { data: { stock: 1.5 } }), "stock");
    await expectValidationError(await seller.put(url, { data: {} }), "stock");
    await expectValidationError(await seller.put(url, { data: { stock: 1, delta: 1 } }), "delta");

    const read = await (await seller.get(`/v1/shops/${shopId}/products/${product.id}`)).json();
    expect(read.variants[0].stock).toBe(1000000);
    expect(read.stock_count).toBe(1000000);
  });

  test("concurrent deltas all count", async ({ seller, shopId }) => {
    const product = await createProduct(seller, shopId, { deliverables_type: "service", variants: [{ name: "Seat", price: 5 }] });
    const url = `/v1/shops/${shopId}/products/${product.id}/stock/${product.variants[0].id}`;
    await seller.put(url, { data: { stock: 10 } });
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => seller.put(url, { data: { delta: i % 2 ? 3 : -1 } })));
    expect(results.every((r) => r.status() === 200)).toBe(true);
    const read = await (await seller.get(`/v1/shops/${shopId}/products/${product.id}`)).json();
    expect(read.variants[0].stock).toBe(10 + 5 * 3 - 5);
  });

  test("serial and dynamic variants refuse a stock count", async ({ seller, shopId }) => {
    const serial = await createProduct(seller, shopId);
    await expectValidationError(
      await seller.put(`/v1/shops/${shopId}/products/${serial.id}/stock/${serial.variants[0].id}`, { data: { stock: 3 } }),
      "stock",
    );
    const dynamic = await createProduct(seller, shopId, {
      deliverables_type: "dynamic",
      variants: [{ name: "D", price: 1, dynamic_url: "https://example.com/d" }],
    });
    await expectValidationError(
      await seller.put(`/v1/shops/${shopId}/products/${dynamic.id}/stock/${dynamic.variants[0].id}`, { data: { delta: 1 } }),
      "delta",
    );
  });
});

test.describe("serial deliverables", () => {
  test("append counts additions and duplicates (in stock or repeated in the request)", async ({ seller, shopId }) => {
    const product = await createProduct(seller, shopId);
    const variant = product.variants[0];
    const base = `/v1/shops/${shopId}/products/${product.id}/deliverables`;

    const first = await seller.put(`${base}/append/${variant.id}`, { data: { deliverables: ["KEY-1", "KEY-2", "KEY-3"] } });
    expect(first.status(), await first.text()).toBe(200);
    expect(await first.json()).toEqual({ added: 3, duplicates: 0 });
    const second = await seller.put(`${base}/append/${variant.id}`, { data: { deliverables: "KEY-3\nKEY-4\r\n\nKEY-4\n  KEY-5  \n" } });
    expect(await second.json()).toEqual({ added: 2, duplicates: 2 });

    const listed = await seller.get(`${base}/${variant.id}`);
    expect(listed.status()).toBe(200);
    expect(await listed.json()).toEqual({ variant_id: variant.id, count: 5, deliverables: ["KEY-1", "KEY-2", "KEY-3", "KEY-4", "KEY-5"] });
    const read = await (await seller.get(`/v1/shops/${shopId}/products/${product.id}`)).json();
    expect(read).toMatchObject({ stock: 5, stock_count: 5, deliverables: "KEY-1\nKEY-2\nKEY-3\nKEY-4\nKEY-5" });
    expect(read.variants[0].stock).toBe(5);
  });

  test("append validates its lines", async ({ seller, shopId }) => {
    const product = await createProduct(seller, shopId);
    const url = `/v1/shops/${shopId}/products/${product.id}/deliverables/append/${product.variants[0].id}`;
    await expectValidationError(await seller.put(url, { data: {} }), "deliverables");
    await expectValidationError(await seller.put(url, { data: { deliverables: [] } }), "deliverables");
    await expectValidationError(await seller.put(url, { data: { deliverables: "\n \n" } }), "deliverables");
    await expectValidationError(await seller.put(url, { data: { deliverables: [123] } }), "deliverables.0");
    await expectValidationError(await seller.put(url, { data: { deliverables: ["k".repeat(2001)] } }), "deliverables.0");
    expect(await (await seller.put(url, { data: { deliverables: ["k".repeat(2000)] } })).json()).toEqual({ added: 1, duplicates: 0 });
    const service = await createProduct(seller, shopId, { deliverables_type: "service" });
    await expectValidationError(
      await seller.put(`/v1/shops/${shopId}/products/${service.id}/deliverables/append/${service.variants[0].id}`, {
        data: { deliverables: ["x"] },
      }),
      "deliverables",
    );
  });

  test("concurrent appends of the same serials add each once", async ({ seller, shopId }) => {
    const product = await createProduct(seller, shopId);
    const url = `/v1/shops/${shopId}/products/${product.id}/deliverables/append/${product.variants[0].id}`;
    const lines = Array.from({ length: 20 }, (_, i) => `RACE-${i}`);
    const results = await Promise.all(Array.from({ length: 4 }, () => seller.put(url, { data: { deliverables: lines } })));
    const bodies = await Promise.all(results.map((r) => r.json()));
    expect(bodies.reduce((sum, b) => sum + b.added, 0)).toBe(20);
    expect(bodies.reduce((sum, b) => sum + b.duplicates, 0)).toBe(60);
  });

  test("overwrite replaces the unsold serials", async ({ seller, shopId }) => {
    const product = await createProduct(seller, shopId);
    const variant = product.variants[0];
    const base = `/v1/shops/${shopId}/products/${product.id}/deliverables`;
    await seller.put(`${base}/append/${variant.id}`, { data: { deliverables: ["OLD-1", "OLD-2"] } });
    const response = await seller.put(`${base}/overwrite/${variant.id}`, { data: { deliverables: ["NEW-1", "OLD-2", "NEW-1"] } });
    expect(response.status(), await response.text()).toBe(200);
    expect(await response.json()).toEqual({ added: 2, duplicates: 1, removed: 2 });
    expect((await (await seller.get(`${base}/${variant.id}`)).json()).deliverables).toEqual(["NEW-1", "OLD-2"]);
    expect(await (await seller.put(`${base}/overwrite/${variant.id}`, { data: { deliverables: [] } })).json()).toEqual({
      added: 0,
      duplicates: 0,
      removed: 2,
    });
    expect((await (await seller.get(`/v1/shops/${shopId}/products/${product.id}`)).json()).stock_count).toBe(0);
    await expectValidationError(
      await seller.put(`${base}/overwrite/${variant.id}`, { data: { deliverables: "x".repeat(2001) } }),
      "deliverables.0",
    );
  });

  test("remove deletes only the named unsold serials", async ({ seller, otherSeller, anonymous, shopId, foreignShopId }) => {
    const product = await createProduct(seller, shopId);
    const variant = product.variants[0];
    const base = `/v1/shops/${shopId}/products/${product.id}/deliverables`;
    await seller.put(`${base}/append/${variant.id}`, { data: { deliverables: ["KEEP-1", "GONE-1", "GONE-2"] } });
    const response = await seller.put(`${base}/remove/${variant.id}`, { data: { deliverables: "GONE-1\nGONE-2\nGONE-1\nNEVER" } });
    expect(response.status(), await response.text()).toBe(200);
    expect(await response.json()).toEqual({ removed: 2, not_found: 1 });
    expect((await (await seller.get(`${base}/${variant.id}`)).json()).deliverables).toEqual(["KEEP-1"]);
    expect((await (await seller.get(`/v1/shops/${shopId}/products/${product.id}`)).json()).stock_count).toBe(1);
    await expectValidationError(await seller.put(`${base}/remove/${variant.id}`, { data: { deliverables: [] } }), "deliverables");
    const service = await createProduct(seller, shopId, { deliverables_type: "service" });
    await expectValidationError(
      await seller.put(`/v1/shops/${shopId}/products/${service.id}/deliverables/remove/${service.variants[0].id}`, {
        data: { deliverables: ["x"] },
      }),
      "deliverables",
    );
    expect((await seller.put(`${base}/remove/999999`, { data: { deliverables: ["x"] } })).status()).toBe(404);
    await expectGuarded({ seller, otherSeller, anonymous, shopId, foreignShopId }, [
      {
        method: "put",
        path: (shop) => `/v1/shops/${shop}/products/${product.id}/deliverables/remove/${variant.id}`,
        data: { deliverables: ["KEEP-1"] },
      },
    ]);
  });

  test("unknown variants, other products' variants and other shops", async ({ seller, otherSeller, anonymous, shopId, foreignShopId }) => {
    const product = await createProduct(seller, shopId);
    const other = await createProduct(seller, shopId);
    const base = `/v1/shops/${shopId}/products/${product.id}`;
    const variantNotFound = await seller.get(`${base}/deliverables/${other.variants[0].id}`);
    expect(variantNotFound.status()).toBe(404);
    expect(await variantNotFound.json()).toEqual({ message: "Variant not found." });
    expect((await seller.put(`${base}/deliverables/append/abc`, { data: { deliverables: ["x"] } })).status()).toBe(404);
    expect((await seller.put(`${base}/stock/999999`, { data: { stock: 1 } })).status()).toBe(404);
    const productNotFound = await seller.put(`/v1/shops/${shopId}/products/999999/deliverables/overwrite/${product.variants[0].id}`, {
      data: { deliverables: [] },
    });
    expect(await productNotFound.json()).toEqual({ message: "Product not found." });
    const variant = (shop: number, path: string) => `/v1/shops/${shop}/products/${product.id}/${path}/${product.variants[0].id}`;
    await expectGuarded({ seller, otherSeller, anonymous, shopId, foreignShopId }, [
      { method: "get", path: (shop) => variant(shop, "deliverables") },
      { method: "put", path: (shop) => variant(shop, "deliverables/append"), data: { deliverables: ["x"] } },
      { method: "put", path: (shop) => variant(shop, "deliverables/overwrite"), data: { deliverables: ["x"] } },
      { method: "put", path: (shop) => variant(shop, "stock"), data: { stock: 1 } },
    ]);
  });
});
