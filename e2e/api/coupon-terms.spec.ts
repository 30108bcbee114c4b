import type { APIRequestContext } from "@playwright/test";
import { expect, expectShopNotFound, expectValidationError, test } from "../support/api";
import { createProduct, uniqueName } from "../support/catalog";
import { buyerEmail, checkout, enableGateways, stockedProduct } from "../support/checkout";

/**
 * The coupon fields the clients of this API family send beyond the spec's
 * table (`max_uses_per_customer`, `start_date`, `min_invoice_price`,
 * `disable_if_volume_discount`, `items` for `products`): stored, returned,
 * and each refusing a checkout as it says; and `DELETE .../coupons/used`.
 */

test.beforeEach(async ({ seller, shopId }) => enableGateways(seller, shopId));

const code = () => uniqueName("CT").replace(/[^A-Za-z0-9]/g, "");

async function createCoupon(seller: APIRequestContext, shopId: number, overrides: Record<string, unknown>) {
  const response = await seller.post(`/v1/shops/${shopId}/coupons`, {
    data: { code: code(), type: "percentage", discount: 10, ...overrides },
  });
  expect(response.status(), await response.text()).toBe(201);
  return response.json() as Promise<{ id: number; code: string } & Record<string, unknown>>;
}

test("the fields round-trip: create, update, null clears; items is products by another name", async ({
  seller,
  shopId,
  otherSeller,
  foreignShopId,
}) => {
  const product = await createProduct(seller, shopId);
  const created = await createCoupon(seller, shopId, {
    max_uses_per_customer: 2,
    start_date: "2026-01-01",
    min_invoice_price: 15.5,
    disable_if_volume_discount: true,
    global: false,
    items: [product.id],
  });
  expect(created).toMatchObject({
    max_uses_per_customer: 2,
    start_date: "2026-01-01T00:00:00.000Z",
    min_invoice_price: 15.5,
    disable_if_volume_discount: true,
    products: [product.id],
  });
  const url = `/v1/shops/${shopId}/coupons/${created.id}/update`;
  const updated = await seller.put(url, {
    data: { max_uses_per_customer: null, start_date: null, min_invoice_price: null, disable_if_volume_discount: false, items: [] },
  });
  expect(updated.status(), await updated.text()).toBe(200);
  expect(await updated.json()).toMatchObject({
    max_uses_per_customer: null,
    start_date: null,
    min_invoice_price: null,
    disable_if_volume_discount: false,
    products: [],
    global: 1,
  });
  // bounds, and another shop's product named through either field
  const foreign = await createProduct(otherSeller, foreignShopId);
  await expectValidationError(await seller.put(url, { data: { max_uses_per_customer: 0 } }), "max_uses_per_customer");
  await expectValidationError(await seller.put(url, { data: { min_invoice_price: -1 } }), "min_invoice_price");
  await expectValidationError(await seller.put(url, { data: { start_date: "not a date" } }), "start_date");
  await expectValidationError(await seller.put(url, { data: { items: [foreign.id] } }), "items.0");
  await expectValidationError(
    await seller.post(`/v1/shops/${shopId}/coupons`, { data: { code: code(), type: "fixed", discount: 1, products: [foreign.id] } }),
    "products.0",
  );
});

test("a checkout is refused before the start date, under the minimum, with a volume discount, and past the buyer's own uses", async ({
  seller,
  shopId,
}) => {
  const { productId, variantId } = await stockedProduct(seller, shopId, { serials: 10, price: 10 });
  const body = (coupon: string, quantity = 1, email = buyerEmail()) => ({
    cart: [{ productId, variantId, quantity }],
    email,
    gateway: "MANUAL",
    coupon,
  });
  const refusal = async (response: Awaited<ReturnType<typeof checkout>>) => {
    await expectValidationError(response, "coupon");
    return (await response.json()).errors.coupon[0] as string;
  };

  const later = await createCoupon(seller, shopId, { start_date: "2037-01-01" });
  expect(await refusal(await checkout(seller, shopId, body(later.code)))).toBe("The coupon is not valid yet.");

  const minimum = await createCoupon(seller, shopId, { min_invoice_price: 20 });
  expect(await refusal(await checkout(seller, shopId, body(minimum.code, 1)))).toBe("The coupon needs an order of at least 20.00.");
  expect((await checkout(seller, shopId, body(minimum.code, 2))).status()).toBe(201);

  const once = await createCoupon(seller, shopId, { max_uses_per_customer: 1 });
  const buyer = buyerEmail();
  expect((await checkout(seller, shopId, body(once.code, 1, buyer))).status()).toBe(201);
  // the unpaid checkout holds the buyer's one use (whatever the address's case); another buyer still has theirs
  expect(await refusal(await checkout(seller, shopId, body(once.code, 1, buyer.toUpperCase())))).toBe(
    "You have already used this coupon as many times as it allows.",
  );
  expect((await checkout(seller, shopId, body(once.code, 1))).status()).toBe(201);

  const deal = await seller.post(`/v1/shops/${shopId}/quantity-deals`, {
    data: { name: uniqueName("Deal"), product_id: productId, buy_quantity: 2, discounted_quantity: 1, percentage: 50, enabled: true },
  });
  expect(deal.status(), await deal.text()).toBe(201);
  const alone = await createCoupon(seller, shopId, { disable_if_volume_discount: true });
  expect(await refusal(await checkout(seller, shopId, body(alone.code, 3)))).toBe("The coupon cannot be combined with a volume discount.");
  // one unit: the deal does not apply, the coupon does
  expect((await checkout(seller, shopId, body(alone.code, 1))).status()).toBe(201);
});

test("DELETE coupons/used deletes the spent coupons only; another seller's shop is 404", async ({ seller, seed, otherSeller }) => {
  // the seller's second shop: other specs' spent coupons of the first shop are theirs to read
  const shopId = seed.seller.shopIds[1]!;
  const product = await createProduct(seller, shopId, { variants: [{ name: "One", price: 5 }] });
  const spent = await createCoupon(seller, shopId, { max_uses: 1 });
  const open = await createCoupon(seller, shopId, { max_uses: 5 });
  const unlimited = await createCoupon(seller, shopId, {});
  // a manual invoice takes its coupon's use at once
  const invoice = await seller.post(`/v1/shops/${shopId}/invoices`, {
    data: { email: buyerEmail(), items: [{ variant_id: product.variants[0].id, quantity: 1 }], coupon_code: spent.code },
  });
  expect(invoice.status(), await invoice.text()).toBe(201);

  await expectShopNotFound(await otherSeller.delete(`/v1/shops/${shopId}/coupons/used`));
  const deleted = await seller.delete(`/v1/shops/${shopId}/coupons/used`);
  expect(deleted.status(), await deleted.text()).toBe(200);
  const answer = await deleted.json();
  expect(answer.deleted).toBeGreaterThanOrEqual(1);
  expect(answer.message).toBe(`${answer.deleted} used coupon${answer.deleted === 1 ? "" : "s"} deleted.`);
  expect((await seller.get(`/v1/shops/${shopId}/coupons/${spent.id}`)).status()).toBe(404);
  expect((await seller.get(`/v1/shops/${shopId}/coupons/${open.id}`)).status()).toBe(200);
  expect((await seller.get(`/v1/shops/${shopId}/coupons/${unlimited.id}`)).status()).toBe(200);
});

test("a payment that arrives after a coupon ran out still completes, counts the use, and tells the seller", async ({ seller, shopId }) => {
  const product = await stockedProduct(seller, shopId, { serials: 3, price: 20 });
  const coupon = await createCoupon(seller, shopId, { max_uses: 2 });
  const cart = [{ productId: product.productId, variantId: product.variantId, quantity: 1 }];
  const held = await Promise.all(
    [0, 1].map(async () => {
      const response = await checkout(seller, shopId, { cart, email: buyerEmail(), gateway: "MANUAL", coupon: coupon.code });
      expect(response.status(), await response.text()).toBe(201);
      return (await response.json()) as { invoice_id: number };
    }),
  );
  // both checkouts hold a use; the seller then lowers the limit under them
  expect((await seller.put(`/v1/shops/${shopId}/coupons/${coupon.id}/update`, { data: { max_uses: 1 } })).status()).toBe(200);
  for (const { invoice_id } of held) {
    const completed = await seller.post(`/v1/shops/${shopId}/invoices/${invoice_id}/status`, { data: { status: "completed" } });
    expect(completed.status(), await completed.text()).toBe(200);
  }
  expect(await (await seller.get(`/v1/shops/${shopId}/coupons/${coupon.id}`)).json()).toMatchObject({ uses: 2, max_uses: 1 });
  const notifications = await (await seller.get(`/v1/shops/${shopId}/notifications/page`, { params: { perPage: 100 } })).json();
  expect(notifications.data.map((n: { title: string; description: string }) => [n.title, n.description])).toContainEqual([
    "Coupon used past its limit",
    `Invoice #${held[1]!.invoice_id} was paid after its hold on coupon ${coupon.code} lapsed: the coupon now has 2 uses of 1`,
  ]);
});
