import type { APIRequestContext } from "@playwright/test";
import type { CustomFieldView } from "../../lib/custom-fields/schemas";
import { completeInvoice } from "../support/invoices";
import { expect, expectGuarded, expectValidationError, test } from "../support/api";
import { createCustomField, createProduct, uniqueName } from "../support/catalog";
import { BITCOIN_ADDRESS, buyerEmail, checkout, enableGateways, stockedProduct } from "../support/checkout";

/**
 * POST /v1/shops/{shopId}/checkout on the demo seller's first shop: every
 * rule of the body and the cart, the invoice it leaves (pending, items,
 * customer, abandoned checkout), and a coupon's last use raced for.
 * Card payments are in payments.spec.ts (they need the processor stand-in).
 */

test.beforeEach(async ({ seller, shopId }) => enableGateways(seller, shopId));

async function sellerInvoice(seller: APIRequestContext, shopId: number, uniqueId: string) {
  const response = await seller.get(`/v1/shops/${shopId}/invoices/${uniqueId}`);
  expect(response.status()).toBe(200);
  return response.json();
}

async function createCoupon(seller: APIRequestContext, shopId: number, overrides: Record<string, unknown>) {
  const response = await seller.post(`/v1/shops/${shopId}/coupons`, {
    data: { code: uniqueName("CK").replace(/[^A-Za-z0-9]/g, ""), type: "percentage", discount: 10, ...overrides },
  });
  expect(response.status(), await response.text()).toBe(201);
  return response.json() as Promise<{ id: number; code: string }>;
}

test.describe("checkout", () => {
  test("a manual checkout makes a pending invoice with its items, linked to the customer, shown as an abandoned checkout", async ({
    seller,
    shopId,
    anonymous,
  }) => {
    const { productId, variantId } = await stockedProduct(seller, shopId, { price: 12.5 });
    const email = buyerEmail();
    const response = await checkout(seller, shopId, {
      cart: [{ productId, variantId, quantity: 2 }],
      email,
      gateway: "MANUAL",
      ip: "203.0.113.9",
      country_code: "de",
      user_agent: "Mozilla/5.0 (test)",
      asn: 64500,
    });
    expect(response.status(), await response.text()).toBe(201);
    const body = await response.json();
    expect(body).toEqual({
      success: true,
      invoice_id: expect.any(Number),
      unique_id: expect.any(String),
      invoice_url: expect.any(String),
      url: null,
    });
    expect(body.invoice_url).toMatch(new RegExp(`/invoice/${body.unique_id}$`));

    const invoice = await sellerInvoice(seller, shopId, body.unique_id);
    expect(invoice).toMatchObject({ status: "pending", gateway: "MANUAL", email, price: "25.00", amount: 2, manual: 0, ip: "203.0.113.9" });
    expect(invoice.customer_id).toEqual(expect.any(Number));
    expect(invoice.items).toHaveLength(1);
    expect(invoice.items[0]).toMatchObject({ product_id: productId, variant_id: variantId, quantity: 2 });

    // The same buyer again: the same customer record.
    const again = await checkout(seller, shopId, { cart: [{ productId, variantId, quantity: 1 }], email, gateway: "MANUAL" });
    expect(again.status()).toBe(201);
    expect((await sellerInvoice(seller, shopId, (await again.json()).unique_id)).customer_id).toBe(invoice.customer_id);

    const abandoned = await seller.get(`/v1/shops/${shopId}/abandoned-checkouts`, { params: { search: email, perPage: 10 } });
    expect(abandoned.status()).toBe(200);
    expect((await abandoned.json()).data.map((row: { email: string }) => row.email)).toContain(email);

    // The buyer's page answers without credentials.
    const page = await anonymous.get(`/v1/buyer/invoices/${body.unique_id}`);
    expect(page.status()).toBe(200);
    expect(await page.json()).toMatchObject({ status: "pending", total: "25.00", payment: { gateway: "MANUAL", kind: "manual" } });
  });

  test("BTC and LTC show the shop's address and the amount", async ({ seller, shopId, anonymous }) => {
    const { productId, variantId } = await stockedProduct(seller, shopId, { price: 7 });
    for (const gateway of ["BTC", "LTC"]) {
      const response = await checkout(seller, shopId, {
        cart: [{ productId, variantId, quantity: 1 }],
        email: buyerEmail(),
        gateway: gateway.toLowerCase(),
      });
      expect(response.status(), await response.text()).toBe(201);
      const { unique_id: invoice_id } = await response.json();
      const invoice = await sellerInvoice(seller, shopId, invoice_id);
      expect(invoice.gateway).toBe(gateway);
      expect(invoice.crypto_amount).toBe("7.00 USD");
      const page = await (await anonymous.get(`/v1/buyer/invoices/${invoice_id}`)).json();
      expect(page.payment).toMatchObject({ kind: "crypto", amount: "7.00 USD" });
      if (gateway === "BTC") expect(page.payment.address).toBe(BITCOIN_ADDRESS);
    }
  });

  test("the product's instructions reach the buyer's page only once the order is paid, sanitised", async ({
    seller,
    shopId,
    anonymous,
  }) => {
    const { productId, variantId } = await stockedProduct(seller, shopId, {
      price: 3,
      instructions: '<p>Redeem in the <strong>launcher</strong>.</p><img src=x onerror="alert(1)">',
    });
    const response = await checkout(seller, shopId, {
      cart: [{ productId, variantId, quantity: 1 }],
      email: buyerEmail(),
      gateway: "MANUAL",
    });
    expect(response.status(), await response.text()).toBe(201);
    const { unique_id: invoice_id } = await response.json();
    const before = await (await anonymous.get(`/v1/buyer/invoices/${invoice_id}`)).json();
    expect(before.items[0].instructions).toBeNull();
    await completeInvoice(seller, shopId, invoice_id);
    const after = await (await anonymous.get(`/v1/buyer/invoices/${invoice_id}`)).json();
    expect(after.items[0].instructions).toBe("<p>Redeem in the <strong>launcher</strong>.</p>");
  });

  test("priced by the one calculator: quantity deal, then the coupon, shown per discount on the buyer's page", async ({
    seller,
    shopId,
    anonymous,
  }) => {
    const { productId, variantId } = await stockedProduct(seller, shopId, { price: 10 });
    const deal = await seller.post(`/v1/shops/${shopId}/quantity-deals`, {
      data: { name: uniqueName("Deal"), product_id: productId, buy_quantity: 2, discounted_quantity: 1, percentage: 50, enabled: true },
    });
    expect(deal.status(), await deal.text()).toBe(201);
    const coupon = await createCoupon(seller, shopId, { type: "fixed", discount: 5 });
    const response = await checkout(seller, shopId, {
      cart: [{ productId, variantId, quantity: 3 }],
      email: buyerEmail(),
      gateway: "MANUAL",
      coupon: coupon.code.toLowerCase(),
    });
    expect(response.status(), await response.text()).toBe(201);
    const { unique_id: invoice_id } = await response.json();
    // 3 x 10 = 30; the third unit at 50 % off: 25; the coupon: 20.
    expect((await sellerInvoice(seller, shopId, invoice_id)).price).toBe("20.00");
    const page = await (await anonymous.get(`/v1/buyer/invoices/${invoice_id}`)).json();
    expect(page).toMatchObject({
      subtotal: "30.00",
      promotion_discount: "5.00",
      coupon_code: coupon.code,
      coupon_discount: "5.00",
      total: "20.00",
    });
  });

  test("every rule of the cart is a 422 on its field", async ({ seller, shopId }) => {
    const stocked = await stockedProduct(seller, shopId, { serials: 2 });
    const other = await stockedProduct(seller, shopId, { serials: 1 });
    const bounded = await stockedProduct(seller, shopId, { serials: 10, quantity_min: 2, quantity_max: 3 });
    const hidden = await stockedProduct(seller, shopId, { visibility: "private" });
    const held = await stockedProduct(seller, shopId, { visibility: "on_hold" });
    const unlisted = await stockedProduct(seller, shopId, { visibility: "unlisted" });
    const email = buyerEmail();
    const cases: [Record<string, unknown>, string][] = [
      [{ cart: [] }, "cart"],
      [{ cart: [{ productId: stocked.productId, variantId: stocked.variantId, quantity: 0 }] }, "cart.0.quantity"],
      [{ cart: [{ productId: stocked.productId, variantId: stocked.variantId, quantity: 3 }] }, "cart.0.quantity"],
      [
        {
          cart: [
            { productId: stocked.productId, variantId: stocked.variantId, quantity: 1 },
            { productId: stocked.productId, variantId: stocked.variantId, quantity: 2 },
          ],
        },
        "cart.1.quantity",
      ],
      [{ cart: [{ productId: stocked.productId, variantId: 999999999, quantity: 1 }] }, "cart.0.productId"],
      [{ cart: [{ productId: stocked.productId, variantId: other.variantId, quantity: 1 }] }, "cart.0.variantId"],
      [{ cart: [{ productId: bounded.productId, variantId: bounded.variantId, quantity: 1 }] }, "cart.0.quantity"],
      [{ cart: [{ productId: bounded.productId, variantId: bounded.variantId, quantity: 4 }] }, "cart.0.quantity"],
      [{ cart: [{ productId: hidden.productId, variantId: hidden.variantId, quantity: 1 }] }, "cart.0.productId"],
      [{ cart: [{ productId: held.productId, variantId: held.variantId, quantity: 1 }] }, "cart.0.productId"],
      [{ email: "not-an-email" }, "email"],
      [{ email: `${"a".repeat(250)}@example.test` }, "email"],
      [{ gateway: "WALLETA" }, "gateway"],
      [{ gateway: "" }, "gateway"],
      [{ ip: "999.1.1.1" }, "ip"],
      [{ country_code: "DEU" }, "country_code"],
      [{ asn: -1 }, "asn"],
      [{ asn: "many" }, "asn"],
      [{ affiliate: "x".repeat(17) }, "affiliate"],
      [{ user_agent: "u".repeat(1001) }, "user_agent"],
      [{ coupon: "NO-SUCH-COUPON" }, "coupon"],
      [{ custom_fields: { "no such field": "x" } }, "custom_fields.no such field"],
    ];
    for (const [change, field] of cases) {
      const body = {
        cart: [{ productId: stocked.productId, variantId: stocked.variantId, quantity: 1 }],
        email,
        gateway: "MANUAL",
        ...change,
      };
      await expectValidationError(await checkout(seller, shopId, body), field);
    }
    for (const ok of [bounded, unlisted]) {
      const quantity = ok === bounded ? 2 : 1;
      const response = await checkout(seller, shopId, {
        cart: [{ productId: ok.productId, variantId: ok.variantId, quantity }],
        email,
        gateway: "MANUAL",
      });
      expect(response.status(), await response.text()).toBe(201);
    }
    // Nothing was written by a refusal: the buyer has exactly the two invoices that were accepted.
    const list = await seller.get(`/v1/shops/${shopId}/invoices`, { params: { email, perPage: 10 } });
    expect((await list.json()).data).toHaveLength(2);
  });

  test("required custom fields: 422 on custom_fields.<name>; answered by name or id, stored on the invoice", async ({ seller, shopId }) => {
    const required = await createCustomField(seller, shopId, { is_required: true });
    const optional = await createCustomField(seller, shopId);
    const { productId, variantId } = await stockedProduct(seller, shopId, { custom_field_ids: [required.id, optional.id] });
    const base = { cart: [{ productId, variantId, quantity: 1 }], email: buyerEmail(), gateway: "MANUAL" };
    await expectValidationError(await checkout(seller, shopId, base), `custom_fields.${required.name}`);
    await expectValidationError(
      await checkout(seller, shopId, { ...base, custom_fields: { [required.name]: "   " } }),
      `custom_fields.${required.name}`,
    );
    for (const key of [required.name, String(required.id)]) {
      const response = await checkout(seller, shopId, { ...base, custom_fields: { [key]: "Discord#1234", [optional.id]: 42 } });
      expect(response.status(), await response.text()).toBe(201);
      const invoice = await sellerInvoice(seller, shopId, (await response.json()).unique_id);
      // each answered field as the custom-fields API shows it, in id order, with the answer in its pivot
      const answer = (field: CustomFieldView, value: string) => ({
        ...field,
        pivot: { morphable_id: invoice.id, custom_field_id: field.id, value },
      });
      expect(invoice.custom_fields).toEqual([answer(required, "Discord#1234"), answer(optional, "42")]);
    }
  });

  test("coupon rules: allowed emails, expiry, products", async ({ seller, shopId }) => {
    const { productId, variantId } = await stockedProduct(seller, shopId);
    const elsewhere = await createProduct(seller, shopId);
    const email = buyerEmail();
    const body = (code: string, buyer = email) => ({
      cart: [{ productId, variantId, quantity: 1 }],
      email: buyer,
      gateway: "MANUAL",
      coupon: code,
    });
    const onlyFor = await createCoupon(seller, shopId, { allowed_emails: [email] });
    await expectValidationError(await checkout(seller, shopId, body(onlyFor.code, buyerEmail())), "coupon");
    expect((await checkout(seller, shopId, body(onlyFor.code))).status()).toBe(201);
    const expired = await createCoupon(seller, shopId, { expiration_date: "2020-01-01" });
    await expectValidationError(await checkout(seller, shopId, body(expired.code)), "coupon");
    const otherProducts = await createCoupon(seller, shopId, { global: false, products: [elsewhere.id] });
    await expectValidationError(await checkout(seller, shopId, body(otherProducts.code)), "coupon");
  });

  test("a coupon's last use: two buyers race, one wins; the use counts once the invoice is paid", async ({ seller, shopId }) => {
    const { productId, variantId } = await stockedProduct(seller, shopId, { serials: 5 });
    const coupon = await createCoupon(seller, shopId, { max_uses: 1 });
    const body = () => ({ cart: [{ productId, variantId, quantity: 1 }], email: buyerEmail(), gateway: "MANUAL", coupon: coupon.code });
    const raced = await Promise.all(Array.from({ length: 6 }, () => checkout(seller, shopId, body())));
    const statuses = raced.map((response) => response.status()).sort();
    expect(statuses).toEqual([201, 422, 422, 422, 422, 422]);
    for (const response of raced.filter((r) => r.status() === 422)) await expectValidationError(response, "coupon");
    const winner = await raced.find((response) => response.status() === 201)!.json();

    const usesOf = async () => (await (await seller.get(`/v1/shops/${shopId}/coupons/${coupon.id}`)).json()).uses;
    expect(await usesOf()).toBe(0);
    // The seller confirms the manual payment: the invoice completes, delivers, and the use counts, once.
    const paid = await seller.post(`/v1/shops/${shopId}/invoices/${winner.unique_id}/status`, { data: { status: "completed" } });
    expect(paid.status(), await paid.text()).toBe(200);
    expect(await usesOf()).toBe(1);
    await seller.post(`/v1/shops/${shopId}/invoices/${winner.unique_id}/status`, { data: { status: "refunded" } });
    await seller.post(`/v1/shops/${shopId}/invoices/${winner.unique_id}/status`, { data: { status: "completed" } });
    expect(await usesOf()).toBe(1);
    await expectValidationError(await checkout(seller, shopId, body()), "coupon");
  });

  test("another seller's shop is 404, no key is 401", async ({ seller, otherSeller, anonymous, foreignShopId, shopId }) => {
    const { productId, variantId } = await stockedProduct(seller, shopId);
    const body = { cart: [{ productId, variantId, quantity: 1 }], email: buyerEmail(), gateway: "MANUAL" };
    await expectGuarded({ seller, otherSeller, anonymous, shopId, foreignShopId }, [
      { method: "post", path: (shop) => `/v1/shops/${shop}/checkout`, data: body },
    ]);
  });
});

test.describe("gateway settings", () => {
  test("secrets are write-only; an enabled gateway needs its settings; bad values are 422 on the field", async ({ seller, shopId }) => {
    const read = await seller.get(`/v1/shops/${shopId}/settings`);
    expect(read.status()).toBe(200);
    const settings = await read.json();
    expect(settings).toMatchObject({ cardproc_api_key_set: true, cardproc_webhook_secret_set: true, bitcoin_address: BITCOIN_ADDRESS });
    expect(JSON.stringify(settings)).not.toContain("sk_test_");
    expect(settings.cardproc_webhook_url).toMatch(new RegExp(`/v1/payments/cardproc/${shopId}/webhook$`));

    await expectValidationError(
      await seller.put(`/v1/shops/${shopId}/settings`, { data: { bitcoin_address: null } }),
      "valid_payment_methods",
    );
    await expectValidationError(
      await seller.put(`/v1/shops/${shopId}/settings`, { data: { cardproc_api_key: "" } }),
      "valid_payment_methods",
    );
    await expectValidationError(
      await seller.put(`/v1/shops/${shopId}/settings`, { data: { valid_payment_methods: ["PAYPAL"] } }),
      "valid_payment_methods.0",
    );
    await expectValidationError(
      await seller.put(`/v1/shops/${shopId}/settings`, { data: { bitcoin_address: "not an address" } }),
      "bitcoin_address",
    );
    await expectValidationError(
      await seller.put(`/v1/shops/${shopId}/settings`, { data: { cardproc_api_key: "pk_test_public" } }),
      "cardproc_api_key",
    );
    await expectValidationError(
      await seller.put(`/v1/shops/${shopId}/settings`, { data: { cardproc_webhook_secret: "secret" } }),
      "cardproc_webhook_secret",
    );
    // Nothing changed.
    expect(await (await seller.get(`/v1/shops/${shopId}/settings`)).json()).toEqual(settings);
  });
});
