import { expect, expectGuarded, expectValidationError, test } from "../support/api";
import { createImage, createProduct, gradientPng, uniqueName } from "../support/catalog";

const LIMIT = 20480 * 1024;

/** A valid PNG padded with trailing bytes to exactly `size` bytes (decoders ignore data after IEND). */
function pngOfSize(size: number): Buffer {
  const png = gradientPng(4, 4, [1, 2, 3], [4, 5, 6]);
  return Buffer.concat([png, Buffer.alloc(size - png.length)]);
}

test.describe("images", () => {
  test("a real PNG uploads (201), is listed and is served back with its type", async ({ seller, anonymous, shopId }) => {
    const bytes = gradientPng(12, 7, [10, 20, 30], [200, 100, 50]);
    const response = await seller.post(`/v1/shops/${shopId}/images`, {
      multipart: { image: { name: "photo.bin", mimeType: "application/octet-stream", buffer: bytes } },
    });
    expect(response.status(), await response.text()).toBe(201);
    const image = await response.json();
    expect(image).toEqual({
      id: expect.any(Number),
      cdn_image_id: expect.stringMatching(/^[A-Za-z0-9_-]+$/),
      image_url: expect.stringContaining(image.cdn_image_id),
      shop_id: shopId,
      created_at: expect.stringMatching(/Z$/),
      updated_at: expect.stringMatching(/Z$/),
      deleted_at: null,
    });
    const list = await seller.get(`/v1/shops/${shopId}/images`);
    expect(list.status()).toBe(200);
    expect((await list.json()).find((i: { id: number }) => i.id === image.id)).toEqual(image);

    const served = await anonymous.get(new URL(image.image_url!).pathname);
    expect(served.status()).toBe(200);
    expect(served.headers()["content-type"]).toBe("image/png");
    expect(served.headers()["cache-control"]).toContain("max-age");
    expect(Buffer.compare(await served.body(), bytes)).toBe(0);
  });

  test("GIF and JPEG are recognised by content", async ({ seller, shopId }) => {
    const gif = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");
    const jpeg = Buffer.from(
      "/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=",
      "base64",
    );
    for (const [name, buffer, type] of [
      ["a.gif", gif, "image/gif"],
      ["a.jpg", jpeg, "image/jpeg"],
    ] as const) {
      const response = await seller.post(`/v1/shops/${shopId}/images`, { multipart: { image: { name, mimeType: type, buffer } } });
      expect(response.status(), await response.text()).toBe(201);
      const served = await seller.get(new URL((await response.json()).image_url).pathname);
      expect(served.headers()["content-type"]).toBe(type);
    }
  });

  test("a text file named .png, an empty file and a missing part are 422", async ({ seller, shopId }) => {
    const url = `/v1/shops/${shopId}/images`;
    await expectValidationError(
      await seller.post(url, {
        multipart: { image: { name: "fake.png", mimeType: "image/png", buffer: Buffer.from("just some text, not a picture\n") } },
      }),
      "image",
    );
    await expectValidationError(
      await seller.post(url, { multipart: { image: { name: "empty.png", mimeType: "image/png", buffer: Buffer.alloc(0) } } }),
      "image",
    );
    // A PNG signature with a broken header is not an image either.
    await expectValidationError(
      await seller.post(url, {
        multipart: { image: { name: "cut.png", mimeType: "image/png", buffer: gradientPng(2, 2, [0, 0, 0], [1, 1, 1]).subarray(0, 20) } },
      }),
      "image",
    );
    await expectValidationError(
      await seller.post(url, {
        multipart: { other: { name: "a.png", mimeType: "image/png", buffer: gradientPng(2, 2, [0, 0, 0], [1, 1, 1]) } },
      }),
      "image",
    );
    await expectValidationError(await seller.post(url, { multipart: { image: "text value" } }), "image");
    await expectValidationError(await seller.post(url, { data: { image: "x" } }), "image");
  });

  test("20480 KB is accepted; one byte more is 413", async ({ seller, shopId }) => {
    test.setTimeout(120_000);
    const url = `/v1/shops/${shopId}/images`;
    const atLimit = await seller.post(url, { multipart: { image: { name: "big.png", mimeType: "image/png", buffer: pngOfSize(LIMIT) } } });
    expect(atLimit.status(), await atLimit.text()).toBe(201);
    const over = await seller.post(url, {
      multipart: { image: { name: "huge.png", mimeType: "image/png", buffer: pngOfSize(LIMIT + 1) } },
    });
    expect(over.status()).toBe(413);
    expect(typeof (await over.json()).message).toBe("string");
    await seller.delete(`${url}/${(await atLimit.json()).id}`);
  });

  test("delete detaches the image, stops serving it and is then 404", async ({ seller, anonymous, shopId }) => {
    const image = await createImage(seller, shopId);
    const product = await createProduct(seller, shopId, { image_ids: [image.id] });
    const group = await (await seller.post(`/v1/shops/${shopId}/groups`, { data: { name: uniqueName("Img"), image_id: image.id } })).json();
    const deleted = await seller.delete(`/v1/shops/${shopId}/images/${image.id}`);
    expect(deleted.status()).toBe(200);
    expect(await deleted.json()).toEqual({ message: "Image deleted." });
    expect((await anonymous.get(new URL(image.image_url!).pathname)).status()).toBe(404);
    const list = await (await seller.get(`/v1/shops/${shopId}/images`)).json();
    expect(list.some((i: { id: number }) => i.id === image.id)).toBe(false);
    const read = await (await seller.get(`/v1/shops/${shopId}/products/${product.id}`)).json();
    expect(read).toMatchObject({ images: [], image_url: null, cdn_image_id: null });
    expect(await (await seller.get(`/v1/shops/${shopId}/groups/${group.id}`)).json()).toMatchObject({ image_id: null, image_url: null });
    const again = await seller.delete(`/v1/shops/${shopId}/images/${image.id}`);
    expect(again.status()).toBe(404);
    expect(await again.json()).toEqual({ message: "Image not found." });
  });

  test("not found inside the shop, other shops and credentials", async ({
    seller,
    otherSeller,
    anonymous,
    shopId,
    foreignShopId,
    seed,
  }) => {
    const elsewhere = await createImage(seller, seed.seller.shopIds[1]!);
    expect((await seller.delete(`/v1/shops/${shopId}/images/${elsewhere.id}`)).status()).toBe(404);
    expect((await seller.delete(`/v1/shops/${shopId}/images/nope`)).status()).toBe(404);
    expect((await anonymous.get("/cdn/does-not-exist")).status()).toBe(404);
    await expectGuarded({ seller, otherSeller, anonymous, shopId, foreignShopId }, [
      { method: "get", path: (shop) => `/v1/shops/${shop}/images` },
      {
        method: "post",
        path: (shop) => `/v1/shops/${shop}/images`,
        multipart: { image: { name: "a.png", mimeType: "image/png", buffer: gradientPng(2, 2, [0, 0, 0], [1, 1, 1]) } },
      },
      { method: "delete", path: (shop) => `/v1/shops/${shop}/images/${elsewhere.id}` },
    ]);
  });
});
