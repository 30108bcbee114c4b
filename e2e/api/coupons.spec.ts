import { randomBytes } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { expect, expectGuarded, expectValidationError, test } from "../support/api";

const uniqueCode = (prefix = "T") => `${prefix}-${randomBytes(5).toString("hex")}`;

async function createCoupon(seller: APIRequestContext, shopId: number, body: Record<string, unknown> = {}) {
  const response = await seller.post(`/v1/shops/${shopId}/coupons`, {
    data: { code: uniqueCode(), type: "percentage", discount: 10, ...body },
  });
  expect(response.status(), await response.text()).toBe(201);
  return response.json();
}

/** A live product of the demo shop: the one the seeded FIVEOFF coupon is restricted to. */
async function shopProductId(seller: APIRequestContext, shopId: number): Promise<number> {
  const list = await (await seller.get(`/v1/shops/${shopId}/coupons`, { params: { search: "FIVEOFF", perPage: 100 } })).json();
  const coupon = list.data.find((c: { code: string }) => c.code === "FIVEOFF");
  expect(coupon?.products?.length).toBeGreaterThan(0);
  return coupon.products[0];
}

test.describe("coupons", () => {
  test("create answers 201 with the Coupon of the spec, get reads it", async ({ seller, shopId }) => {
    const productId = await shopProductId(seller, shopId);
    const code = uniqueCode("FULL");
    const response = await seller.post(`/v1/shops/${shopId}/coupons`, {
      data: {
        code,
        type: "fixed",
        discount: 12.5,
        max_uses: 3,
        expiration_date: "2030-06-01",
        allowed_emails: ["Buyer@Example.com", "second@example.com"],
        products: [productId],
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    const coupon = await response.json();
    expect(coupon).toMatchObject({
      code,
      type: "fixed",
      discount: 12.5,
      global: 0,
      uses: 0,
      max_uses: 3,
      allowed_emails: ["Buyer@Example.com", "second@example.com"],
      shop_id: shopId,
      products: [productId],
    });
    expect(typeof coupon.id).toBe("number");
    expect(typeof coupon.salt).toBe("string");
    expect(coupon.expiration_date).toBe("2030-06-01T00:00:00.000Z");
    expect(coupon.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

    const read = await seller.get(`/v1/shops/${shopId}/coupons/${coupon.id}`);
    expect(read.status()).toBe(200);
    expect(await read.json()).toEqual(coupon);
  });

  test("defaults: global without products, no limits, discount is a JSON number", async ({ seller, shopId }) => {
    const coupon = await createCoupon(seller, shopId, { discount: "7.25" });
    expect(coupon).toMatchObject({ global: 1, discount: 7.25, max_uses: null, allowed_emails: null, expiration_date: null, products: [] });
  });

  test("discount bounds depend on the type", async ({ seller, shopId }) => {
    const post = (type: string, discount: unknown) =>
      seller.post(`/v1/shops/${shopId}/coupons`, { data: { code: uniqueCode(), type, discount } });
    for (const [type, discount] of [
      ["percentage", 0.01],
      ["percentage", 100],
      ["fixed", 0.01],
      ["fixed", 999999],
    ] as const) {
      const response = await post(type, discount);
      expect(response.status(), `${type} ${discount}`).toBe(201);
      expect((await response.json()).discount).toBe(discount);
    }
    for (const [type, discount] of [
      ["percentage", 0],
      ["percentage", 100.01],
      ["fixed", 0],
      ["fixed", 999999.01],
      ["fixed", 0.001],
      ["fixed", -5],
      ["fixed", "ten"],
    ] as const) {
      await expectValidationError(await post(type, discount), "discount");
    }
  });

  test("required fields, enum, emails, max_uses and dates are validated", async ({ seller, shopId }) => {
    const url = `/v1/shops/${shopId}/coupons`;
    const missing = await expectValidationError(await seller.post(url, { data: {} }), "code");
    expect(missing.errors).toHaveProperty("type");
    expect(missing.errors).toHaveProperty("discount");
    expect(missing.message).toMatch(/\(and \d+ more errors?\)$/);
    const base = () => ({ code: uniqueCode(), type: "fixed", discount: 5 });
    await expectValidationError(await seller.post(url, { data: { ...base(), type: "free" } }), "type");
    await expectValidationError(await seller.post(url, { data: { ...base(), code: "" } }), "code");
    await expectValidationError(await seller.post(url, { data: { ...base(), code: "x".repeat(256) } }), "code");
    expect((await seller.post(url, { data: { ...base(), code: `${uniqueCode()}${"x".repeat(241)}` } })).status()).toBe(201);
    await expectValidationError(await seller.post(url, { data: { ...base(), max_uses: 0 } }), "max_uses");
    await expectValidationError(await seller.post(url, { data: { ...base(), max_uses: 1.5 } }), "max_uses");
    expect((await seller.post(url, { data: { ...base(), max_uses: 1 } })).status()).toBe(201);
    await expectValidationError(await seller.post(url, { data: { ...base(), expiration_date: "not-a-date" } }), "expiration_date");
    await expectValidationError(
      await seller.post(url, { data: { ...base(), allowed_emails: ["ok@example.com", "nope"] } }),
      "allowed_emails.1",
    );
    await expectValidationError(await seller.post(url, { data: { ...base(), allowed_emails: "nope" } }), "allowed_emails.0");
    await expectValidationError(await seller.post(url, { data: { ...base(), global: "sometimes" } }), "global");
  });

  test("codes are unique per shop regardless of case", async ({ seller, shopId }) => {
    const code = uniqueCode("Dup");
    const first = await createCoupon(seller, shopId, { code });
    const again = await expectValidationError(
      await seller.post(`/v1/shops/${shopId}/coupons`, { data: { code: code.toUpperCase(), type: "fixed", discount: 1 } }),
      "code",
    );
    expect(again.errors.code).toEqual(["The code has already been taken."]);
    // Another shop of the same seller may use it.
    const otherShop = await seller.post(`/v1/shops/2/coupons`, { data: { code, type: "fixed", discount: 1 } });
    expect(otherShop.status()).toBe(201);
    // Renaming another coupon onto it is refused; a coupon may change the case of its own code.
    const second = await createCoupon(seller, shopId);
    await expectValidationError(
      await seller.put(`/v1/shops/${shopId}/coupons/${second.id}/update`, { data: { code: code.toLowerCase() } }),
      "code",
    );
    const recased = await seller.put(`/v1/shops/${shopId}/coupons/${first.id}/update`, { data: { code: code.toLowerCase() } });
    expect(recased.status(), await recased.text()).toBe(200);
    expect((await recased.json()).code).toBe(code.toLowerCase());
  });

  test("concurrent creates of one code: exactly one wins", async ({ seller, shopId }) => {
    const code = uniqueCode("Race");
    const responses = await Promise.all(
      [code, code.toLowerCase(), code.toUpperCase(), code].map((c) =>
        seller.post(`/v1/shops/${shopId}/coupons`, { data: { code: c, type: "fixed", discount: 1 } }),
      ),
    );
    expect(responses.map((r) => r.status()).sort()).toEqual([201, 422, 422, 422]);
  });

  test("products must belong to the shop", async ({ seller, otherSeller, shopId, foreignShopId }) => {
    const productId = await shopProductId(seller, shopId);
    await expectValidationError(
      await seller.post(`/v1/shops/${shopId}/coupons`, {
        data: { code: uniqueCode(), type: "fixed", discount: 1, products: [productId, 999999999] },
      }),
      "products.1",
    );
    // The demo shop's product seen from the other seller's shop.
    await expectValidationError(
      await otherSeller.post(`/v1/shops/${foreignShopId}/coupons`, {
        data: { code: uniqueCode(), type: "fixed", discount: 1, products: [productId] },
      }),
      "products.0",
    );
    await expectValidationError(
      await seller.post(`/v1/shops/${shopId}/coupons`, { data: { code: uniqueCode(), type: "fixed", discount: 1, products: ["x"] } }),
      "products.0",
    );
  });

  test("update changes only the fields sent and re-checks the merged discount", async ({ seller, shopId }) => {
    const productId = await shopProductId(seller, shopId);
    const coupon = await createCoupon(seller, shopId, { type: "fixed", discount: 500, max_uses: 10, allowed_emails: ["a@example.com"] });
    const url = `/v1/shops/${shopId}/coupons/${coupon.id}/update`;

    const discount = await seller.put(url, { data: { discount: 450 } });
    expect(discount.status(), await discount.text()).toBe(200);
    expect(await discount.json()).toMatchObject({
      discount: 450,
      type: "fixed",
      max_uses: 10,
      code: coupon.code,
      allowed_emails: ["a@example.com"],
    });

    // A fixed 450 cannot simply become a percentage.
    await expectValidationError(await seller.put(url, { data: { type: "percentage" } }), "discount");
    const percentage = await seller.put(url, { data: { type: "percentage", discount: 100 } });
    expect(await percentage.json()).toMatchObject({ type: "percentage", discount: 100 });
    await expectValidationError(await seller.put(url, { data: { discount: 100.01 } }), "discount");

    const restricted = await seller.put(url, {
      data: { products: [productId], max_uses: null, allowed_emails: null, expiration_date: "2031-01-01T12:00:00Z" },
    });
    expect(await restricted.json()).toMatchObject({
      products: [productId],
      global: 0,
      max_uses: null,
      allowed_emails: null,
      expiration_date: "2031-01-01T12:00:00.000Z",
    });
    const global = await seller.put(url, { data: { products: null } });
    expect(await global.json()).toMatchObject({ products: [], global: 1 });
    const explicit = await seller.put(url, { data: { global: false } });
    expect((await explicit.json()).global).toBe(0);

    await expectValidationError(await seller.put(url, { data: { max_uses: 0 } }), "max_uses");
    await expectValidationError(await seller.put(url, { data: { type: "bogus" } }), "type");
  });

  test("delete answers with the message and the coupon is gone", async ({ seller, shopId }) => {
    const coupon = await createCoupon(seller, shopId);
    const deleted = await seller.delete(`/v1/shops/${shopId}/coupons/${coupon.id}`);
    expect(deleted.status()).toBe(200);
    expect(await deleted.json()).toEqual({ message: "Coupon deleted." });
    const again = await seller.get(`/v1/shops/${shopId}/coupons/${coupon.id}`);
    expect(again.status()).toBe(404);
    expect(await again.json()).toEqual({ message: "Coupon not found." });
    expect((await seller.delete(`/v1/shops/${shopId}/coupons/${coupon.id}`)).status()).toBe(404);
  });

  test("list: envelope, newest first, search by code, perPage and page bounds", async ({ seller, shopId }) => {
    const marker = uniqueCode("List");
    const older = await createCoupon(seller, shopId, { code: `${marker}-a` });
    const newer = await createCoupon(seller, shopId, { code: `${marker}-b` });
    const response = await seller.get(`/v1/shops/${shopId}/coupons`, { params: { search: marker.toLowerCase(), perPage: 1 } });
    expect(response.status()).toBe(200);
    const page = await response.json();
    expect(page).toMatchObject({ current_page: 1, per_page: 1, total: 2, last_page: 2, from: 1, to: 1 });
    expect(page.data.map((c: { id: number }) => c.id)).toEqual([newer.id]);
    for (const field of ["first_page_url", "last_page_url", "links", "next_page_url", "path", "prev_page_url"])
      expect(page).toHaveProperty(field);
    const second = await (await seller.get(`/v1/shops/${shopId}/coupons`, { params: { search: marker, perPage: 1, page: 2 } })).json();
    expect(second.data.map((c: { id: number }) => c.id)).toEqual([older.id]);
    // % and _ are taken literally.
    expect((await (await seller.get(`/v1/shops/${shopId}/coupons`, { params: { search: "%" } })).json()).total).toBe(0);

    expect((await seller.get(`/v1/shops/${shopId}/coupons`, { params: { perPage: 100 } })).status()).toBe(200);
    await expectValidationError(await seller.get(`/v1/shops/${shopId}/coupons`, { params: { perPage: 0 } }), "perPage");
    await expectValidationError(await seller.get(`/v1/shops/${shopId}/coupons`, { params: { perPage: 101 } }), "perPage");
    await expectValidationError(await seller.get(`/v1/shops/${shopId}/coupons`, { params: { page: 0 } }), "page");
  });

  test("unknown, malformed and other shops' coupon ids are 404 Coupon not found", async ({ seller, shopId }) => {
    const coupon = await createCoupon(seller, shopId);
    for (const id of ["999999999", "abc", "1.5"]) {
      for (const response of [
        await seller.get(`/v1/shops/${shopId}/coupons/${id}`),
        await seller.put(`/v1/shops/${shopId}/coupons/${id}/update`, { data: { discount: 5 } }),
        await seller.delete(`/v1/shops/${shopId}/coupons/${id}`),
      ]) {
        expect(response.status()).toBe(404);
        expect(await response.json()).toEqual({ message: "Coupon not found." });
      }
    }
    // The seller's own coupon addressed through their second shop.
    const crossShop = await seller.get(`/v1/shops/2/coupons/${coupon.id}`);
    expect(crossShop.status()).toBe(404);
    expect(await crossShop.json()).toEqual({ message: "Coupon not found." });
    expect((await seller.delete(`/v1/shops/2/coupons/${coupon.id}`)).status()).toBe(404);
    expect((await seller.get(`/v1/shops/${shopId}/coupons/${coupon.id}`)).status()).toBe(200);
  });

  test("another seller's shop is 404 Shop not found, no key or a bad one 401", async ({
    seller,
    otherSeller,
    anonymous,
    shopId,
    foreignShopId,
  }) => {
    const coupon = await createCoupon(seller, shopId);
    const one = (shop: number) => `/v1/shops/${shop}/coupons/${coupon.id}`;
    await expectGuarded({ seller, otherSeller, anonymous, shopId, foreignShopId }, [
      { method: "get", path: (shop) => `/v1/shops/${shop}/coupons` },
      { method: "post", path: (shop) => `/v1/shops/${shop}/coupons`, data: { code: uniqueCode(), type: "fixed", discount: 1 } },
      { method: "get", path: one },
      { method: "put", path: (shop) => `${one(shop)}/update`, data: { discount: 1 } },
      { method: "delete", path: one },
    ]);
    expect((await seller.get(`/v1/shops/${shopId}/coupons/${coupon.id}`)).status()).toBe(200);
  });
});
