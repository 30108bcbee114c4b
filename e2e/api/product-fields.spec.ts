import type { APIRequestContext } from "@playwright/test";
import { expect, expectValidationError, test } from "../support/api";
import { createProduct, uniqueName } from "../support/catalog";
import { buyerEmail, checkout, enableGateways, stockedProduct } from "../support/checkout";
import { completeInvoice } from "../support/invoices";

/**
 * The product fields the clients of this API family send (issue 29): each
 * round-trips through create and update, is bounded, and drives the
 * checkout and the buyer's page where it has a behaviour.
 */

test.beforeEach(async ({ seller, shopId }) => enableGateways(seller, shopId));

async function createCoupon(seller: APIRequestContext, shopId: number, overrides: Record<string, unknown> = {}) {
  const response = await seller.post(`/v1/shops/${shopId}/coupons`, {
    data: { code: uniqueName("PF").replace(/[^A-Za-z0-9]/g, ""), type: "percentage", discount: 10, ...overrides },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: number; code: string };
}

const FIELDS = {
  disabled_payment_methods: ["btc"],
  discord_required: true,
  discord_roles: ["123456789012345678", " 98765432109876543 "],
  badges: [{ text: "Hot", color: "#F00" }],
  status_color: "#00AA00",
  status_text: "Working",
  live_stats: true,
  volume_discounts: [{ qty: 5, percent: 10 }],
  disable_volume_discounts_if_coupon: true,
  redirect_url: "https://example.com/after",
  deliverables_label: "Your license",
};
const STORED = {
  disabled_payment_methods: ["BTC"],
  discord_required: 1,
  discord_roles: ["123456789012345678", "98765432109876543"],
  badges: [{ text: "Hot", color: "#ff0000" }],
  status_color: "#00aa00",
  status_text: "Working",
  live_stats: 1,
  volume_discounts: [{ qty: 5, percent: 10 }],
  disable_volume_discounts_if_coupon: 1,
  redirect_url: "https://example.com/after",
  deliverables_label: "Your license",
};

test.describe("product fields the clients send", () => {
  test("create stores and returns each; defaults when left out; update changes and clears them", async ({ seller, shopId }) => {
    const plain = await createProduct(seller, shopId);
    expect(plain).toMatchObject({
      disabled_payment_methods: [],
      discord_required: 0,
      discord_roles: [],
      badges: [],
      status_color: null,
      status_text: null,
      live_stats: 0,
      feedback_coupon: null,
      volume_discounts: [],
      disable_volume_discounts_if_coupon: 0,
      redirect_url: null,
      deliverables_label: null,
    });
    const coupon = await createCoupon(seller, shopId);
    const product = await createProduct(seller, shopId, { ...FIELDS, feedback_coupon: coupon.id });
    expect(product).toMatchObject({ ...STORED, feedback_coupon: coupon.id });
    const fetched = await (await seller.get(`/v1/shops/${shopId}/products/${product.id}`)).json();
    expect(fetched).toMatchObject({ ...STORED, feedback_coupon: coupon.id });

    const update = (data: Record<string, unknown>) =>
      seller.put(`/v1/shops/${shopId}/products/${product.id}/update`, {
        data: { name: product.name, variants: [{ id: product.variants[0].id, name: "Standard", price: 9.99 }], ...data },
      });
    // left out: kept
    expect(await (await update({})).json()).toMatchObject(STORED);
    const cleared = await update({
      disabled_payment_methods: [],
      discord_required: false,
      badges: [],
      status_color: null,
      status_text: "",
      feedback_coupon: null,
      volume_discounts: [],
      redirect_url: null,
      deliverables_label: null,
    });
    expect(cleared.status(), await cleared.text()).toBe(200);
    expect(await cleared.json()).toMatchObject({
      disabled_payment_methods: [],
      discord_required: 0,
      badges: [],
      status_color: null,
      status_text: null,
      feedback_coupon: null,
      volume_discounts: [],
      redirect_url: null,
      deliverables_label: null,
    });
  });

  test("bounds: each field out of range is 422 on it", async ({ seller, shopId, otherSeller, foreignShopId }) => {
    const create = (data: Record<string, unknown>) =>
      seller.post(`/v1/shops/${shopId}/products`, { data: { name: uniqueName("Bad"), variants: [{ name: "A", price: 1 }], ...data } });
    await expectValidationError(await create({ disabled_payment_methods: ["PAYPAL"] }), "disabled_payment_methods.0");
    await expectValidationError(await create({ discord_roles: ["abc"] }), "discord_roles.0");
    await expectValidationError(await create({ badges: Array(6).fill({ text: "x", color: "#000000" }) }), "badges");
    await expectValidationError(await create({ badges: [{ text: "x", color: "red" }] }), "badges.0.color");
    await expectValidationError(await create({ status_color: "#12345g" }), "status_color");
    await expectValidationError(await create({ status_text: "x".repeat(65) }), "status_text");
    await expectValidationError(await create({ deliverables_label: "x".repeat(65) }), "deliverables_label");
    await expectValidationError(await create({ redirect_url: "javascript:alert(1)" }), "redirect_url");
    await expectValidationError(await create({ volume_discounts: [{ qty: 1, percent: 10 }] }), "volume_discounts.0.qty");
    await expectValidationError(await create({ volume_discounts: [{ qty: 2, percent: 0 }] }), "volume_discounts.0.percent");
    await expectValidationError(await create({ volume_discounts: [{ qty: 2, percent: 100.5 }] }), "volume_discounts.0.percent");
    await expectValidationError(
      await create({
        volume_discounts: [
          { qty: 2, percent: 5 },
          { qty: 2, percent: 6 },
        ],
      }),
      "volume_discounts.1.qty",
    );
    await expectValidationError(
      await create({ volume_discounts: Array.from({ length: 21 }, (_, i) => ({ qty: i + 2, percent: 1 })) }),
      "volume_discounts",
    );
    const foreign = await createCoupon(otherSeller, foreignShopId);
    await expectValidationError(await create({ feedback_coupon: foreign.id }), "feedback_coupon");
  });

  test("a disabled gateway refuses the checkout of a cart holding the product; others pass", async ({ seller, shopId }) => {
    const { productId, variantId } = await stockedProduct(seller, shopId, { disabled_payment_methods: ["MANUAL"] });
    const cart = [{ productId, variantId, quantity: 1 }];
    await expectValidationError(await checkout(seller, shopId, { cart, email: buyerEmail(), gateway: "manual" }), "cart.0.productId");
    const paid = await checkout(seller, shopId, { cart, email: buyerEmail(), gateway: "BTC" });
    expect(paid.status(), await paid.text()).toBe(201);
  });

  test("block_vpn refuses a buyer the seller's backend says is on a VPN or proxy", async ({ seller, shopId }) => {
    const { productId, variantId } = await stockedProduct(seller, shopId, { block_vpn: true });
    const cart = [{ productId, variantId, quantity: 1 }];
    const send = (extra: Record<string, unknown>) => checkout(seller, shopId, { cart, email: buyerEmail(), gateway: "MANUAL", ...extra });
    await expectValidationError(await send({ is_vpn: true }), "cart.0.productId");
    await expectValidationError(await send({ proxy: true }), "cart.0.productId");
    expect((await send({ is_vpn: false })).status()).toBe(201);
  });

  test("a volume discount is priced at checkout and shown on the buyer's page; the redirect and label once completed", async ({
    seller,
    shopId,
    anonymous,
  }) => {
    const { productId, variantId } = await stockedProduct(seller, shopId, {
      price: 10,
      volume_discounts: [
        { qty: 3, percent: 10 },
        { qty: 5, percent: 20 },
      ],
      redirect_url: "https://example.com/thanks",
      deliverables_label: "License keys",
    });
    const response = await checkout(seller, shopId, {
      cart: [{ productId, variantId, quantity: 4 }],
      email: buyerEmail(),
      gateway: "MANUAL",
    });
    expect(response.status(), await response.text()).toBe(201);
    const { unique_id } = await response.json();
    const pending = await (await anonymous.get(`/v1/buyer/invoices/${unique_id}`)).json();
    expect(pending).toMatchObject({ subtotal: "40.00", promotion_discount: "4.00", total: "36.00", redirect_url: null });
    expect(pending.items[0]).toMatchObject({ discount: "4.00", total: "36.00", deliverables_label: "License keys" });

    await completeInvoice(seller, shopId, unique_id);
    const done = await (await anonymous.get(`/v1/buyer/invoices/${unique_id}`)).json();
    expect(done).toMatchObject({ status: "completed", redirect_url: "https://example.com/thanks" });
  });

  test("disable_volume_discounts_if_coupon: a coupon on the cart takes the volume discount's place", async ({
    seller,
    shopId,
    anonymous,
  }) => {
    const tiers = { price: 10, volume_discounts: [{ qty: 2, percent: 50 }] };
    const coupon = await createCoupon(seller, shopId, { discount: 10 });
    const withCoupon = async (overrides: Record<string, unknown>) => {
      const { productId, variantId } = await stockedProduct(seller, shopId, { ...tiers, ...overrides });
      const response = await checkout(seller, shopId, {
        cart: [{ productId, variantId, quantity: 2 }],
        email: buyerEmail(),
        gateway: "MANUAL",
        coupon: coupon.code,
      });
      expect(response.status(), await response.text()).toBe(201);
      return (await anonymous.get(`/v1/buyer/invoices/${(await response.json()).unique_id}`)).json();
    };
    expect(await withCoupon({ disable_volume_discounts_if_coupon: true })).toMatchObject({
      promotion_discount: "0.00",
      coupon_discount: "2.00",
      total: "18.00",
    });
    expect(await withCoupon({})).toMatchObject({ promotion_discount: "10.00", coupon_discount: "1.00", total: "9.00" });
  });
});
