import { expect, expectShopNotFound, expectUnauthenticated, expectValidationError, test } from "../support/api";
import { createImage, uniqueName } from "../support/catalog";

test.describe("themes", () => {
  test("create (201), read, list, update and delete with the spec's Theme", async ({ seller, shopId }) => {
    const image = await createImage(seller, shopId);
    const name = uniqueName("Theme");
    const response = await seller.post(`/v1/shops/${shopId}/themes`, {
      data: { name, description: null, template: { colors: { primary: "#000" } } },
    });
    expect(response.status(), await response.text()).toBe(201);
    const theme = await response.json();
    expect(theme).toMatchObject({ id: expect.any(Number), name, description: "", version: expect.any(String) });
    expect(theme.official_theme).toEqual({
      id: expect.any(String),
      name: expect.any(String),
      changelog: expect.any(Array),
      price: expect.any(Number),
    });

    const read = await seller.get(`/v1/shops/${shopId}/themes/${theme.id}`);
    expect(read.status()).toBe(200);
    expect(await read.json()).toEqual(theme);
    const list = await (await seller.get(`/v1/shops/${shopId}/themes`)).json();
    expect(list.find((t: { id: number }) => t.id === theme.id)).toEqual(theme);

    const updated = await seller.put(`/v1/shops/${shopId}/themes/${theme.id}`, {
      data: { name: null, description: "Dark", type: "public", image_id: image.id },
    });
    expect(updated.status(), await updated.text()).toBe(200);
    expect(await updated.json()).toMatchObject({
      id: theme.id,
      name,
      description: "Dark",
      type: "public",
      image_id: image.id,
      image_url: image.image_url,
    });
    const cleared = await (
      await seller.put(`/v1/shops/${shopId}/themes/${theme.id}`, { data: { name: "Renamed", image_id: null } })
    ).json();
    expect(cleared).toMatchObject({ name: "Renamed", description: "Dark", image_id: null, image_url: null });

    const deleted = await seller.delete(`/v1/shops/${shopId}/themes/${theme.id}`);
    expect(deleted.status()).toBe(200);
    expect(await deleted.json()).toEqual({ message: "Theme deleted." });
    const gone = await seller.get(`/v1/shops/${shopId}/themes/${theme.id}`);
    expect(gone.status()).toBe(404);
    expect(await gone.json()).toEqual({ message: "Theme not found." });
  });

  test("validation at the bounds", async ({ seller, shopId, seed }) => {
    const url = `/v1/shops/${shopId}/themes`;
    expect((await seller.post(url, { data: { name: "t".repeat(255) } })).status()).toBe(201);
    await expectValidationError(await seller.post(url, { data: { name: "t".repeat(256) } }), "name");
    await expectValidationError(await seller.post(url, { data: {} }), "name");
    await expectValidationError(await seller.post(url, { data: { name: "x", description: 5 } }), "description");
    await expectValidationError(await seller.post(url, { data: { name: "x", template: "nope" } }), "template");
    const theme = await (await seller.post(url, { data: { name: uniqueName("Bounds") } })).json();
    await expectValidationError(await seller.put(`${url}/${theme.id}`, { data: { type: "shared" } }), "type");
    await expectValidationError(await seller.put(`${url}/${theme.id}`, { data: { name: "t".repeat(256) } }), "name");
    await expectValidationError(await seller.put(`${url}/${theme.id}`, { data: { image_id: 0 } }), "image_id");
    const foreignImage = await createImage(seller, seed.seller.shopIds[1]!);
    await expectValidationError(await seller.put(`${url}/${theme.id}`, { data: { image_id: foreignImage.id } }), "image_id");
    expect((await seller.put(`${url}/${theme.id}`, { data: { type: "private" } })).status()).toBe(200);
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
      await seller.post(`/v1/shops/${seed.seller.shopIds[1]}/themes`, { data: { name: uniqueName("Else") } })
    ).json();
    expect((await seller.get(`/v1/shops/${shopId}/themes/${elsewhere.id}`)).status()).toBe(404);
    expect((await seller.put(`/v1/shops/${shopId}/themes/${elsewhere.id}`, { data: { name: "x" } })).status()).toBe(404);
    expect((await seller.delete(`/v1/shops/${shopId}/themes/${elsewhere.id}`)).status()).toBe(404);
    expect((await seller.get(`/v1/shops/${shopId}/themes/1.5`)).status()).toBe(404);
    await expectShopNotFound(await seller.get(`/v1/shops/${foreignShopId}/themes`));
    await expectShopNotFound(await otherSeller.get(`/v1/shops/${shopId}/themes/${elsewhere.id}`));
    await expectUnauthenticated(await anonymous.get(`/v1/shops/${shopId}/themes`));
    await expectUnauthenticated(await anonymous.post(`/v1/shops/${shopId}/themes`, { data: { name: "x" } }));
  });
});
