import type { ProductVariantView } from "../../lib/catalog/schemas";
import { expect, expectGuarded, expectValidationError, test } from "../support/api";
import { createCustomField, createImage, createProduct, uniqueName } from "../support/catalog";

const PRODUCT_FIELDS = [
  "id",
  "salt",
  "created_at",
  "updated_at",
  "deleted_at",
  "name",
  "path",
  "description",
  "price",
  "currency",
  "payment_methods",
  "deliverables",
  "deliverables_type",
  "stock",
  "image_url",
  "group_id",
  "shop_id",
  "volume_discounts",
  "type",
  "instructions",
  "out_of_stock_message",
  "sort_priority",
  "group_sort_priority",
  "visibility",
  "on_hold",
  "cdn_image_id",
  "quantity_min",
  "quantity_max",
  "chat_guild_id",
  "chat_role_id",
  "block_vpn",
  "stock_count",
  "images",
  "variants",
  "custom_fields",
];

test.describe("products", () => {
  test("create answers 201 with the product, its variants, images and custom fields", async ({ seller, shopId }) => {
    const image = await createImage(seller, shopId);
    const field = await createCustomField(seller, shopId);
    const name = uniqueName("Gift card");
    const product = await createProduct(seller, shopId, {
      name,
      deliverables_type: "dynamic",
      visibility: "unlisted",
      type: "addon",
      currency: "eur",
      description: "<p>Fresh codes</p>",
      instructions: "<p>Redeem it</p>",
      image_ids: [image.id],
      custom_field_ids: [field.id],
      variants: [
        { name: "$25", price: 24.5, dynamic_url: "https://supplier.example/codes?x=1" },
        { name: "$10", price: "9.99", dynamic_url: "http://supplier.example/ten" },
      ],
    });
    for (const key of PRODUCT_FIELDS) expect(product).toHaveProperty(key);
    expect(product).toMatchObject({
      name,
      shop_id: shopId,
      deliverables_type: "dynamic",
      visibility: "unlisted",
      type: "addon",
      currency: "EUR",
      price: "9.99",
      stock: null,
      stock_count: -1,
      on_hold: 0,
      block_vpn: 0,
      image_url: image.image_url,
      cdn_image_id: image.cdn_image_id,
      deleted_at: null,
    });
    expect(product.variants.map((v) => [v.name, v.price, v.stock])).toEqual([
      ["$25", "24.50", null],
      ["$10", "9.99", null],
    ]);
    expect(product.images[0]).toMatchObject({ id: image.id, pivot: { product_id: product.id, image_id: image.id } });
    expect(product.custom_fields[0]).toMatchObject({
      id: field.id,
      name: field.name,
      pivot: { morphable_id: product.id, custom_field_id: field.id },
    });

    const read = await seller.get(`/v1/shops/${shopId}/products/${product.id}`);
    expect(read.status()).toBe(200);
    expect(await read.json()).toEqual(product);
  });

  test("a serial product counts its unsold serials; a fresh one has none", async ({ seller, shopId }) => {
    const product = await createProduct(seller, shopId);
    expect(product).toMatchObject({
      deliverables_type: "serials",
      stock: 0,
      stock_count: 0,
      deliverables: "",
      type: "variant",
      visibility: "public",
    });
    expect(product.variants[0].stock).toBe(0);
  });

  test("names, prices and enums are validated at their bounds", async ({ seller, shopId }) => {
    const post = (data: Record<string, unknown>) =>
      seller.post(`/v1/shops/${shopId}/products`, { data: { name: uniqueName("Bounds"), variants: [{ name: "V", price: 1 }], ...data } });
    expect((await post({ name: "n".repeat(255) })).status()).toBe(201);
    await expectValidationError(await post({ name: "n".repeat(256) }), "name");
    await expectValidationError(await post({ name: "   " }), "name");
    await expectValidationError(await post({ name: undefined }), "name");
    expect((await post({ variants: [{ name: "Free", price: 0 }] })).status()).toBe(201);
    expect((await post({ variants: [{ name: "Max", price: 999999.99 }] })).status()).toBe(201);
    await expectValidationError(await post({ variants: [{ name: "Over", price: 1000000 }] }), "variants.0.price");
    await expectValidationError(await post({ variants: [{ name: "Neg", price: -0.01 }] }), "variants.0.price");
    await expectValidationError(await post({ variants: [{ name: "Cents", price: 1.234 }] }), "variants.0.price");
    await expectValidationError(await post({ variants: [{ name: "Text", price: "abc" }] }), "variants.0.price");
    await expectValidationError(await post({ variants: [{ name: "v".repeat(256), price: 1 }] }), "variants.0.name");
    await expectValidationError(await post({ variants: [] }), "variants");
    await expectValidationError(await post({ variants: undefined }), "variants");
    await expectValidationError(await post({ visibility: "hidden" }), "visibility");
    await expectValidationError(await post({ deliverables_type: "magic" }), "deliverables_type");
    await expectValidationError(await post({ type: "bundle" }), "type");
    await expectValidationError(await post({ currency: "EURO" }), "currency");
    for (const visibility of ["public", "unlisted", "private", "on_hold"]) {
      const created = await post({ visibility });
      expect(created.status()).toBe(201);
      expect((await created.json()).on_hold).toBe(visibility === "on_hold" ? 1 : 0);
    }
  });

  test("dynamic variants need a valid http(s) dynamic_url", async ({ seller, shopId }) => {
    const post = (variant: Record<string, unknown>) =>
      seller.post(`/v1/shops/${shopId}/products`, {
        data: { name: uniqueName("Dyn"), deliverables_type: "dynamic", variants: [{ name: "V", price: 1, ...variant }] },
      });
    await expectValidationError(await post({}), "variants.0.dynamic_url");
    await expectValidationError(await post({ dynamic_url: "ftp://example.com/x" }), "variants.0.dynamic_url");
    await expectValidationError(await post({ dynamic_url: "not a url" }), "variants.0.dynamic_url");
    expect((await post({ dynamic_url: "https://example.com/deliver" })).status()).toBe(201);
  });

  test("group, image and custom field ids of another shop are 422 on that field", async ({
    seller,
    otherSeller,
    shopId,
    foreignShopId,
    seed,
  }) => {
    const otherShopOfSeller = seed.seller.shopIds[1]!;
    const foreignField = await createCustomField(otherSeller, foreignShopId);
    const foreignImage = await createImage(seller, otherShopOfSeller);
    const base = { name: uniqueName("Refs"), variants: [{ name: "V", price: 1 }] };
    await expectValidationError(
      await seller.post(`/v1/shops/${shopId}/products`, { data: { ...base, custom_field_ids: [foreignField.id] } }),
      "custom_field_ids.0",
    );
    await expectValidationError(
      await seller.post(`/v1/shops/${shopId}/products`, { data: { ...base, image_ids: [foreignImage.id] } }),
      "image_ids.0",
    );
    await expectValidationError(await seller.post(`/v1/shops/${shopId}/products`, { data: { ...base, group_id: 999999 } }), "group_id");
    await expectValidationError(await seller.post(`/v1/shops/${shopId}/products`, { data: { ...base, image_ids: "x" } }), "image_ids.0");
  });

  test("list is a paginated envelope with filters and ordering", async ({ seller, shopId }) => {
    const tag = uniqueName("Listed");
    const cheap = await createProduct(seller, shopId, { name: `${tag} b`, visibility: "private", variants: [{ name: "V", price: 5 }] });
    const dear = await createProduct(seller, shopId, {
      name: `${tag} a`,
      variants: [
        { name: "V", price: 50 },
        { name: "W", price: 1 },
      ],
    });
    const url = `/v1/shops/${shopId}/products`;

    const page = await (await seller.get(url, { params: { name: tag.toUpperCase(), orderColumn: "price", orderDirection: "asc" } })).json();
    expect(page).toMatchObject({ current_page: 1, per_page: 20, total: 2, from: 1, to: 2, last_page: 1 });
    expect(page.data.map((p: { id: number }) => p.id)).toEqual([dear.id, cheap.id]);
    const byName = await (await seller.get(url, { params: { name: tag, orderColumn: "name", orderDirection: "asc" } })).json();
    expect(byName.data.map((p: { id: number }) => p.id)).toEqual([dear.id, cheap.id]);
    const byIdDesc = await (await seller.get(`${url}?ids[]=${cheap.id}&ids[]=${dear.id}&orderColumn=id&orderDirection=desc`)).json();
    expect(byIdDesc.data.map((p: { id: number }) => p.id)).toEqual([dear.id, cheap.id]);
    const privateOnly = await (await seller.get(`${url}?ids=${cheap.id},${dear.id}&visibilities[]=private`)).json();
    expect(privateOnly.data.map((p: { id: number }) => p.id)).toEqual([cheap.id]);
    const sold = await seller.get(url, { params: { orderColumn: "products_sold", orderDirection: "desc", perPage: 1 } });
    expect(sold.status()).toBe(200);
    expect((await sold.json()).data).toHaveLength(1);
    const literal = await (await seller.get(url, { params: { name: "%" } })).json();
    expect(literal.total).toBe(0);
    const fromBody = await (
      await seller.get(url, { data: { ids: [cheap.id, dear.id], orderColumn: "price", orderDirection: "desc" } })
    ).json();
    expect(fromBody.data.map((p: { id: number }) => p.id)).toEqual([cheap.id, dear.id]);
    const beyond = await (await seller.get(url, { params: { name: tag, page: 5 } })).json();
    expect(beyond).toMatchObject({ current_page: 5, data: [], total: 2 });
  });

  test("list filters by group and is bounded", async ({ seller, shopId }) => {
    const group = await (await seller.post(`/v1/shops/${shopId}/groups`, { data: { name: uniqueName("G") } })).json();
    const product = await createProduct(seller, shopId, { group_id: group.id });
    const url = `/v1/shops/${shopId}/products`;
    const grouped = await (await seller.get(`${url}?group_ids[0]=${group.id}`)).json();
    expect(grouped.data.map((p: { id: number }) => p.id)).toEqual([product.id]);
    expect((await seller.get(url, { params: { perPage: 1 } })).status()).toBe(200);
    expect((await seller.get(url, { params: { perPage: 100 } })).status()).toBe(200);
    await expectValidationError(await seller.get(url, { params: { perPage: 0 } }), "perPage");
    await expectValidationError(await seller.get(url, { params: { perPage: 101 } }), "perPage");
    await expectValidationError(await seller.get(url, { params: { page: 0 } }), "page");
    await expectValidationError(await seller.get(url, { params: { orderColumn: "stock" } }), "orderColumn");
    await expectValidationError(await seller.get(url, { params: { orderDirection: "up" } }), "orderDirection");
    await expectValidationError(await seller.get(`${url}?visibilities[]=hidden`), "visibilities.0");
    await expectValidationError(await seller.get(url, { params: { name: "n".repeat(256) } }), "name");
  });

  test("update replaces fields, keeps sent variants with their stock and retires the others", async ({ seller, shopId }) => {
    const product = await createProduct(seller, shopId, {
      variants: [
        { name: "Keep", price: 1 },
        { name: "Drop", price: 2 },
      ],
    });
    const [keep, drop] = product.variants as [ProductVariantView, ProductVariantView];
    await seller.put(`/v1/shops/${shopId}/products/${product.id}/deliverables/append/${keep.id}`, {
      data: { deliverables: ["K-1", "K-2"] },
    });
    const newName = uniqueName("Renamed");
    const response = await seller.put(`/v1/shops/${shopId}/products/${product.id}/update`, {
      data: {
        name: newName,
        variants: [
          { id: keep.id, name: "Kept", price: "3.50" },
          { name: "Added", price: 4 },
        ],
      },
    });
    expect(response.status(), await response.text()).toBe(200);
    const updated = await response.json();
    expect(updated.name).toBe(newName);
    expect(updated.path).toBe(product.path);
    expect(updated.variants.map((v: { id: number; name: string; price: string; stock: number }) => [v.name, v.price, v.stock])).toEqual([
      ["Kept", "3.50", 2],
      ["Added", "4.00", 0],
    ]);
    expect(updated.variants[0].id).toBe(keep.id);
    expect(updated.variants.some((v: { id: number }) => v.id === drop.id)).toBe(false);
    expect(updated.stock_count).toBe(2);

    await expectValidationError(
      await seller.put(`/v1/shops/${shopId}/products/${product.id}/update`, {
        data: { name: "x", variants: [{ id: drop.id, name: "Gone", price: 1 }] },
      }),
      "variants.0.id",
    );
    await expectValidationError(
      await seller.put(`/v1/shops/${shopId}/products/${product.id}/update`, { data: { name: "", variants: [] } }),
      "name",
    );
    const missing = await seller.put(`/v1/shops/${shopId}/products/999999/update`, {
      data: { name: "x", variants: [{ name: "V", price: 1 }] },
    });
    expect(missing.status()).toBe(404);
    expect(await missing.json()).toEqual({ message: "Product not found." });
  });

  test("delete is soft: the product leaves the catalog and its invoices keep their history", async ({ seller, shopId }) => {
    const product = await createProduct(seller, shopId, { deliverables_type: "service", variants: [{ name: "Hour", price: 12 }] });
    const invoice = await seller.post(`/v1/shops/${shopId}/invoices`, {
      data: { email: "buyer@example.com", items: [{ variant_id: product.variants[0].id, quantity: 1 }] },
    });
    expect(invoice.status(), await invoice.text()).toBe(201);
    const { id: invoiceId } = await invoice.json();

    const deleted = await seller.delete(`/v1/shops/${shopId}/products/${product.id}`);
    expect(deleted.status()).toBe(200);
    expect(await deleted.json()).toEqual({ message: "Product deleted." });
    expect((await seller.get(`/v1/shops/${shopId}/products/${product.id}`)).status()).toBe(404);
    expect((await seller.delete(`/v1/shops/${shopId}/products/${product.id}`)).status()).toBe(404);
    const list = await (await seller.get(`/v1/shops/${shopId}/products`, { params: { ids: String(product.id) } })).json();
    expect(list.total).toBe(0);

    const kept = await seller.get(`/v1/shops/${shopId}/invoices/${invoiceId}`);
    expect(kept.status()).toBe(200);
    expect(await kept.json()).toMatchObject({ product_id: product.id, variant_id: product.variants[0].id });
  });

  test("clone copies settings, variants, images and fields but no stock", async ({ seller, shopId }) => {
    const image = await createImage(seller, shopId);
    const field = await createCustomField(seller, shopId);
    const product = await createProduct(seller, shopId, {
      image_ids: [image.id],
      custom_field_ids: [field.id],
      variants: [
        { name: "A", price: 1 },
        { name: "B", price: 2 },
      ],
    });
    await seller.put(`/v1/shops/${shopId}/products/${product.id}/deliverables/append/${product.variants[0].id}`, {
      data: { deliverables: "X-1\nX-2" },
    });

    const response = await seller.post(`/v1/shops/${shopId}/products/${product.id}/clone`);
    expect(response.status(), await response.text()).toBe(201);
    const copy = await response.json();
    expect(copy.id).not.toBe(product.id);
    expect(copy.path).not.toBe(product.path);
    expect(copy).toMatchObject({
      name: product.name,
      deliverables_type: "serials",
      stock_count: 0,
      deliverables: "",
      image_url: image.image_url,
    });
    expect(copy.variants.map((v: { name: string; price: string; stock: number }) => [v.name, v.price, v.stock])).toEqual([
      ["A", "1.00", 0],
      ["B", "2.00", 0],
    ]);
    expect(copy.custom_fields.map((f: { id: number }) => f.id)).toEqual([field.id]);
    expect((await seller.post(`/v1/shops/${shopId}/products/999999/clone`)).status()).toBe(404);
  });

  test("ids outside the shop are 404; other sellers' shops are Shop not found; no key is 401", async ({
    seller,
    otherSeller,
    anonymous,
    shopId,
    foreignShopId,
    seed,
  }) => {
    const otherShopOfSeller = seed.seller.shopIds[1]!;
    const elsewhere = await createProduct(seller, otherShopOfSeller);
    const notFound = await seller.get(`/v1/shops/${shopId}/products/${elsewhere.id}`);
    expect(notFound.status()).toBe(404);
    expect(await notFound.json()).toEqual({ message: "Product not found." });
    expect((await seller.get(`/v1/shops/${shopId}/products/abc`)).status()).toBe(404);
    expect((await seller.delete(`/v1/shops/${shopId}/products/${elsewhere.id}`)).status()).toBe(404);

    const product = { name: "x", variants: [{ name: "V", price: 1 }] };
    const one = (shop: number) => `/v1/shops/${shop}/products/${elsewhere.id}`;
    await expectGuarded({ seller, otherSeller, anonymous, shopId, foreignShopId }, [
      { method: "get", path: (shop) => `/v1/shops/${shop}/products` },
      { method: "post", path: (shop) => `/v1/shops/${shop}/products`, data: product },
      { method: "get", path: one },
      { method: "put", path: (shop) => `${one(shop)}/update`, data: product },
      { method: "delete", path: one },
      { method: "post", path: (shop) => `${one(shop)}/clone` },
    ]);
  });
});
