import { expect, expectGuarded, expectValidationError, test } from "../support/api";
import { createCustomField, createImage, createProduct, uniqueName } from "../support/catalog";

test.describe("groups", () => {
  test("create answers 201 with the Group without products; get and list embed them", async ({ seller, shopId }) => {
    const image = await createImage(seller, shopId);
    const field = await createCustomField(seller, shopId);
    const product = await createProduct(seller, shopId, { image_ids: [image.id], custom_field_ids: [field.id] });
    const name = uniqueName("Group");
    const response = await seller.post(`/v1/shops/${shopId}/groups`, {
      data: { name, image_id: image.id, visibility: "private", products: [product.id] },
    });
    expect(response.status(), await response.text()).toBe(201);
    const group = await response.json();
    expect(group).toEqual({
      id: expect.any(Number),
      name,
      image_id: image.id,
      image_url: image.image_url,
      sort_priority: 0,
      badge_text: null,
      badge_color: null,
      visibility: "private",
      shop_id: shopId,
      created_at: expect.stringMatching(/Z$/),
      updated_at: expect.stringMatching(/Z$/),
      deleted_at: null,
    });

    const read = await (await seller.get(`/v1/shops/${shopId}/groups/${group.id}`)).json();
    expect(read).toMatchObject({ ...group, products_count: 1 });
    const embedded = read.products[0];
    expect(embedded).toMatchObject({ id: product.id, group_id: group.id, price: "9.99", stock_count: 0 });
    expect(embedded.images[0].pivot).toEqual({ product_id: product.id, image_id: image.id });
    expect(embedded.custom_fields[0].pivot).toEqual({ morphable_id: product.id, custom_field_id: field.id });
    expect(embedded.variants).toHaveLength(1);

    const list = await seller.get(`/v1/shops/${shopId}/groups`);
    expect(list.status()).toBe(200);
    const listed = (await list.json()).find((g: { id: number }) => g.id === group.id);
    expect(listed).toMatchObject({ products_count: 1, products: [{ id: product.id }] });
  });

  test("products may be sent as {id} objects", async ({ seller, shopId }) => {
    const product = await createProduct(seller, shopId);
    const response = await seller.post(`/v1/shops/${shopId}/groups`, { data: { name: uniqueName("Obj"), products: [{ id: product.id }] } });
    expect(response.status(), await response.text()).toBe(201);
    const group = await response.json();
    expect((await (await seller.get(`/v1/shops/${shopId}/groups/${group.id}`)).json()).products_count).toBe(1);
  });

  test("a minimal group is public and empty", async ({ seller, shopId }) => {
    const group = await (
      await seller.post(`/v1/shops/${shopId}/groups`, { data: { name: uniqueName("Min"), products: null, image_id: null } })
    ).json();
    expect(group).toMatchObject({ visibility: "public", image_id: null, image_url: null });
    expect(await (await seller.get(`/v1/shops/${shopId}/groups/${group.id}`)).json()).toMatchObject({ products: [], products_count: 0 });
  });

  test("validation at the bounds and ids of other shops", async ({ seller, shopId, seed }) => {
    const url = `/v1/shops/${shopId}/groups`;
    expect((await seller.post(url, { data: { name: "g".repeat(255) } })).status()).toBe(201);
    await expectValidationError(await seller.post(url, { data: { name: "g".repeat(256) } }), "name");
    await expectValidationError(await seller.post(url, { data: {} }), "name");
    await expectValidationError(await seller.post(url, { data: { name: "x", visibility: "unlisted" } }), "visibility");
    await expectValidationError(await seller.post(url, { data: { name: "x", image_id: "abc" } }), "image_id");
    const otherShop = seed.seller.shopIds[1]!;
    const foreignImage = await createImage(seller, otherShop);
    const foreignProduct = await createProduct(seller, otherShop);
    await expectValidationError(await seller.post(url, { data: { name: "x", image_id: foreignImage.id } }), "image_id");
    await expectValidationError(await seller.post(url, { data: { name: "x", products: [foreignProduct.id] } }), "products.0");
    await expectValidationError(await seller.post(url, { data: { name: "x", products: [0] } }), "products.0");
  });

  test("update renames and replaces the members; left-out fields keep their value", async ({ seller, shopId, seed }) => {
    const [first, second, third] = [
      await createProduct(seller, shopId),
      await createProduct(seller, shopId),
      await createProduct(seller, shopId),
    ];
    const image = await createImage(seller, shopId);
    const group = await (
      await seller.post(`/v1/shops/${shopId}/groups`, {
        data: { name: uniqueName("Upd"), image_id: image.id, visibility: "private", products: [first.id, second.id] },
      })
    ).json();
    const url = `/v1/shops/${shopId}/groups/${group.id}`;
    const name = uniqueName("Renamed");
    const response = await seller.put(url, { data: { name, products: [second.id, third.id] } });
    expect(response.status(), await response.text()).toBe(200);
    const updated = await response.json();
    expect(updated).toMatchObject({ id: group.id, name, image_id: image.id, visibility: "private", products_count: 2 });
    expect(updated.products.map((p: { id: number }) => p.id).sort()).toEqual([second.id, third.id].sort());
    expect((await (await seller.get(`/v1/shops/${shopId}/products/${first.id}`)).json()).group_id).toBeNull();

    expect(await (await seller.put(url, { data: { name, image_id: null, visibility: "public" } })).json()).toMatchObject({
      image_id: null,
      visibility: "public",
      products_count: 2,
    });
    expect(await (await seller.put(url, { data: { name, products: null } })).json()).toMatchObject({ products: [], products_count: 0 });

    await expectValidationError(await seller.put(url, { data: {} }), "name");
    const foreignProduct = await createProduct(seller, seed.seller.shopIds[1]!);
    await expectValidationError(await seller.put(url, { data: { name, products: [first.id, foreignProduct.id] } }), "products.1");
    expect((await seller.put(`/v1/shops/${shopId}/groups/999999`, { data: { name } })).status()).toBe(404);
  });

  test("delete is soft and leaves its products ungrouped", async ({ seller, shopId }) => {
    const product = await createProduct(seller, shopId);
    const group = await (
      await seller.post(`/v1/shops/${shopId}/groups`, { data: { name: uniqueName("Del"), products: [product.id] } })
    ).json();
    const deleted = await seller.delete(`/v1/shops/${shopId}/groups/${group.id}`);
    expect(deleted.status()).toBe(200);
    expect(await deleted.json()).toEqual({ message: "Group deleted." });
    const gone = await seller.get(`/v1/shops/${shopId}/groups/${group.id}`);
    expect(gone.status()).toBe(404);
    expect(await gone.json()).toEqual({ message: "Group not found." });
    expect((await seller.delete(`/v1/shops/${shopId}/groups/${group.id}`)).status()).toBe(404);
    expect((await (await seller.get(`/v1/shops/${shopId}/products/${product.id}`)).json()).group_id).toBeNull();
    const list = await (await seller.get(`/v1/shops/${shopId}/groups`)).json();
    expect(list.some((g: { id: number }) => g.id === group.id)).toBe(false);
  });

  test("not found inside the shop, other shops and credentials", async ({
    seller,
    otherSeller,
    anonymous,
    shopId,
    foreignShopId,
    seed,
  }) => {
    const elsewhere = await (
      await seller.post(`/v1/shops/${seed.seller.shopIds[1]}/groups`, { data: { name: uniqueName("Else") } })
    ).json();
    expect((await seller.get(`/v1/shops/${shopId}/groups/${elsewhere.id}`)).status()).toBe(404);
    expect((await seller.get(`/v1/shops/${shopId}/groups/x1`)).status()).toBe(404);
    expect((await seller.delete(`/v1/shops/${shopId}/groups/${elsewhere.id}`)).status()).toBe(404);
    const one = (shop: number) => `/v1/shops/${shop}/groups/${elsewhere.id}`;
    await expectGuarded({ seller, otherSeller, anonymous, shopId, foreignShopId }, [
      { method: "get", path: (shop) => `/v1/shops/${shop}/groups` },
      { method: "post", path: (shop) => `/v1/shops/${shop}/groups`, data: { name: "x" } },
      { method: "get", path: one },
      { method: "put", path: one, data: { name: "x" } },
      { method: "put", path: (shop) => `${one(shop)}/update`, data: { name: "x" } },
      { method: "delete", path: one },
    ]);
  });
});
