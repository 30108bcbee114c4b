import { expect, expectGuarded, expectValidationError, test } from "../support/api";
import { createCustomField, createProduct, uniqueName } from "../support/catalog";

test.describe("custom fields", () => {
  test("create, list, update and delete with the spec's record", async ({ seller, shopId }) => {
    const name = uniqueName("Discord");
    const response = await seller.post(`/v1/shops/${shopId}/custom-fields`, {
      data: { name, hint: "Your tag", type: "text", is_required: true },
    });
    expect(response.status(), await response.text()).toBe(201);
    const field = await response.json();
    expect(field).toEqual({
      id: expect.any(Number),
      shop_id: shopId,
      name,
      hint: "Your tag",
      type: "text",
      options: null,
      is_required: true,
      placeholder: null,
      default: null,
      regex: null,
      created_at: expect.stringMatching(/Z$/),
      updated_at: expect.stringMatching(/Z$/),
    });
    const list = await seller.get(`/v1/shops/${shopId}/custom-fields`);
    expect(list.status()).toBe(200);
    expect((await list.json()).find((f: { id: number }) => f.id === field.id)).toEqual(field);

    const updated = await seller.put(`/v1/shops/${shopId}/custom-fields/${field.id}`, {
      data: { name: "Region", type: "select", options: "EU,US", hint: null },
    });
    expect(updated.status(), await updated.text()).toBe(200);
    expect(await updated.json()).toMatchObject({
      id: field.id,
      name: "Region",
      type: "select",
      options: "EU,US",
      hint: null,
      is_required: false,
    });

    const deleted = await seller.delete(`/v1/shops/${shopId}/custom-fields/${field.id}`);
    expect(deleted.status()).toBe(200);
    expect(await deleted.json()).toEqual({ message: "Custom field deleted." });
    const again = await seller.delete(`/v1/shops/${shopId}/custom-fields/${field.id}`);
    expect(again.status()).toBe(404);
    expect(await again.json()).toEqual({ message: "Custom field not found." });
  });

  test("validation at the bounds", async ({ seller, shopId }) => {
    const url = `/v1/shops/${shopId}/custom-fields`;
    const post = (data: Record<string, unknown>) => seller.post(url, { data: { name: uniqueName("F"), type: "text", ...data } });
    expect((await post({ name: "n".repeat(255) })).status()).toBe(201);
    await expectValidationError(await post({ name: "n".repeat(256) }), "name");
    await expectValidationError(await post({ name: "" }), "name");
    expect((await post({ hint: "h".repeat(255) })).status()).toBe(201);
    await expectValidationError(await post({ hint: "h".repeat(256) }), "hint");
    await expectValidationError(await post({ type: "color" }), "type");
    await expectValidationError(await post({ type: undefined }), "type");
    await expectValidationError(await post({ type: "select" }), "options");
    await expectValidationError(await post({ type: "select", options: " , " }), "options");
    expect((await post({ type: "select", options: "o".repeat(5000) })).status()).toBe(201);
    await expectValidationError(await post({ type: "select", options: "o".repeat(5001) }), "options");
    await expectValidationError(await post({ is_required: "maybe" }), "is_required");
    for (const type of ["text", "textarea", "number", "email", "checkbox"]) expect((await post({ type })).status()).toBe(201);
    const field = await createCustomField(seller, shopId);
    await expectValidationError(await seller.put(`${url}/${field.id}`, { data: { type: "text" } }), "name");
  });

  test("a deleted field leaves the products it was attached to", async ({ seller, shopId }) => {
    const field = await createCustomField(seller, shopId);
    const product = await createProduct(seller, shopId, { custom_field_ids: [field.id] });
    expect(product.custom_fields).toHaveLength(1);
    await seller.delete(`/v1/shops/${shopId}/custom-fields/${field.id}`);
    expect((await (await seller.get(`/v1/shops/${shopId}/products/${product.id}`)).json()).custom_fields).toEqual([]);
  });

  test("not found inside the shop, other shops and credentials", async ({
    seller,
    otherSeller,
    anonymous,
    shopId,
    foreignShopId,
    seed,
  }) => {
    const elsewhere = await createCustomField(seller, seed.seller.shopIds[1]!);
    const put = await seller.put(`/v1/shops/${shopId}/custom-fields/${elsewhere.id}`, { data: { name: "x", type: "text" } });
    expect(put.status()).toBe(404);
    expect(await put.json()).toEqual({ message: "Custom field not found." });
    expect((await seller.delete(`/v1/shops/${shopId}/custom-fields/${elsewhere.id}`)).status()).toBe(404);
    expect((await seller.delete(`/v1/shops/${shopId}/custom-fields/abc`)).status()).toBe(404);
    const field = { name: "x", type: "text" };
    const one = (shop: number) => `/v1/shops/${shop}/custom-fields/${elsewhere.id}`;
    await expectGuarded({ seller, otherSeller, anonymous, shopId, foreignShopId }, [
      { method: "get", path: (shop) => `/v1/shops/${shop}/custom-fields` },
      { method: "post", path: (shop) => `/v1/shops/${shop}/custom-fields`, data: field },
      { method: "put", path: one, data: field },
      { method: "delete", path: one },
    ]);
  });
});
