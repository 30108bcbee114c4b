import type { APIRequestContext } from "@playwright/test";
import type { ProductView } from "../../lib/catalog/schemas";
import { expect, expectGuarded, expectValidationError, test } from "../support/api";
import { createCustomField, createProduct, uniqueName } from "../support/catalog";
import {
  createEndpoint,
  eventAt,
  receiverUrl,
  test as webhookTest,
  uniquePath,
  type Receiver,
  type WebhookBody,
} from "../support/webhook-receiver";

/**
 * PUT /v1/shops/{shopId}/products/bulk-update/{field}: each field changes
 * what it names, only on the products given (by ids or by group), in one
 * statement; another shop's ids refuse the whole request.
 */

const bulk = (seller: APIRequestContext, shopId: number, field: string, data: Record<string, unknown>) =>
  seller.put(`/v1/shops/${shopId}/products/bulk-update/${field}`, { data });

async function read(seller: APIRequestContext, shopId: number, id: number): Promise<ProductView> {
  const response = await seller.get(`/v1/shops/${shopId}/products/${id}`);
  expect(response.status()).toBe(200);
  return response.json();
}

async function threeProducts(seller: APIRequestContext, shopId: number, overrides: Record<string, unknown> = {}) {
  return Promise.all([1, 2, 3].map(() => createProduct(seller, shopId, overrides)));
}

async function createCoupon(seller: APIRequestContext, shopId: number) {
  const response = await seller.post(`/v1/shops/${shopId}/coupons`, {
    data: { code: uniqueName("BK").replace(/[^A-Za-z0-9]/g, ""), type: "percentage", discount: 10 },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: number };
}

/** field segment, body, and what the two products named must then show */
const CASES: [string, Record<string, unknown>, Partial<Record<keyof ProductView, unknown>>][] = [
  ["disabled-payment-methods", { disabled_payment_methods: ["btc", "LTC"] }, { disabled_payment_methods: ["BTC", "LTC"] }],
  [
    "discord-integration",
    { discord_required: true, discord_roles: ["123456789012345678"] },
    { discord_required: 1, discord_roles: ["123456789012345678"] },
  ],
  ["instructions", { instructions: "<p>Redeem <strong>now</strong></p>" }, { instructions: "<p>Redeem <strong>now</strong></p>" }],
  ["out-of-stock-message", { out_of_stock_message: "Back Monday" }, { out_of_stock_message: "Back Monday" }],
  ["security", { block_vpn: true }, { block_vpn: 1 }],
  ["badges", { badges: [{ text: "New", color: "#0F0" }] }, { badges: [{ text: "New", color: "#00ff00" }] }],
  ["status", { status_color: "#ff0000", status_text: "Updating" }, { status_color: "#ff0000", status_text: "Updating" }],
  ["visibility", { visibility: "unlisted" }, { visibility: "unlisted" }],
  ["live-stats", { live_stats: true }, { live_stats: 1 }],
  [
    "volume-discounts",
    {
      volume_discounts: [
        { qty: 10, percent: 20 },
        { qty: 3, percent: 5 },
      ],
      disable_volume_discounts_if_coupon: true,
    },
    {
      volume_discounts: [
        { qty: 3, percent: 5 },
        { qty: 10, percent: 20 },
      ],
      disable_volume_discounts_if_coupon: 1,
    },
  ],
  ["redirect-url", { redirect_url: "https://example.com/thanks" }, { redirect_url: "https://example.com/thanks" }],
  ["deliverables-type", { deliverables_type: "service" }, { deliverables_type: "service" }],
  ["deliverables-label", { deliverables_label: "Your keys" }, { deliverables_label: "Your keys" }],
];

test.describe("products bulk update", () => {
  test("the shared guards", async ({ seller, otherSeller, anonymous, shopId, foreignShopId }) => {
    await expectGuarded({ seller, otherSeller, anonymous, shopId, foreignShopId }, [
      {
        method: "put",
        path: (shop) => `/v1/shops/${shop}/products/bulk-update/visibility`,
        data: { product_ids: [1], visibility: "public" },
      },
    ]);
  });

  for (const [field, body, expected] of CASES) {
    test(`${field} changes what it names on the products given, and only there`, async ({ seller, shopId }) => {
      const [first, second, untouched] = await threeProducts(seller, shopId);
      const response = await bulk(seller, shopId, field, { product_ids: [first!.id, second!.id], ...body });
      expect(response.status(), await response.text()).toBe(200);
      expect(await response.json()).toEqual({ message: "Products updated.", updated: 2 });
      for (const product of [first!, second!]) expect(await read(seller, shopId, product.id)).toMatchObject(expected);
      const after = await read(seller, shopId, untouched!.id);
      for (const key of Object.keys(expected) as (keyof ProductView)[]) expect(after[key]).toEqual(untouched![key]);
    });
  }

  test("feedback-coupon takes a coupon of the shop, refuses another's, and clears with null", async ({
    seller,
    shopId,
    otherSeller,
    foreignShopId,
  }) => {
    const [product] = await threeProducts(seller, shopId);
    const coupon = await createCoupon(seller, shopId);
    expect((await bulk(seller, shopId, "feedback-coupon", { product_ids: [product!.id], feedback_coupon: coupon.id })).status()).toBe(200);
    expect((await read(seller, shopId, product!.id)).feedback_coupon).toBe(coupon.id);
    const foreign = await createCoupon(otherSeller, foreignShopId);
    await expectValidationError(
      await bulk(seller, shopId, "feedback-coupon", { product_ids: [product!.id], feedback_coupon: foreign.id }),
      "feedback_coupon",
    );
    expect((await bulk(seller, shopId, "feedback-coupon", { product_ids: [product!.id], feedback_coupon: null })).status()).toBe(200);
    expect((await read(seller, shopId, product!.id)).feedback_coupon).toBeNull();
  });

  test("custom-fields replaces the products' fields with the ones given", async ({ seller, shopId, otherSeller, foreignShopId }) => {
    const old = await createCustomField(seller, shopId);
    const [first, second, untouched] = await threeProducts(seller, shopId, { custom_field_ids: [old.id] });
    const [a, b] = [await createCustomField(seller, shopId), await createCustomField(seller, shopId)];
    const response = await bulk(seller, shopId, "custom-fields", { product_ids: [first!.id, second!.id], custom_field_ids: [a.id, b.id] });
    expect(response.status(), await response.text()).toBe(200);
    expect((await response.json()).updated).toBe(2);
    for (const product of [first!, second!]) {
      const fields = (await read(seller, shopId, product.id)).custom_fields.map((field) => field.id);
      expect(fields.sort()).toEqual([a.id, b.id].sort());
    }
    expect((await read(seller, shopId, untouched!.id)).custom_fields.map((field) => field.id)).toEqual([old.id]);
    const foreign = await createCustomField(otherSeller, foreignShopId);
    await expectValidationError(
      await bulk(seller, shopId, "custom-fields", { product_ids: [first!.id], custom_field_ids: [foreign.id] }),
      "custom_field_ids.0",
    );
  });

  test("description overwrites, appends and prepends, sanitised", async ({ seller, shopId }) => {
    const [product, other] = await threeProducts(seller, shopId, { description: "<p>Base</p>" });
    const send = (data: Record<string, unknown>) => bulk(seller, shopId, "description", { product_ids: [product!.id], ...data });
    expect((await send({ description: "<p>After</p>", type: "append" })).status()).toBe(200);
    expect((await read(seller, shopId, product!.id)).description).toBe("<p>Base</p><p>After</p>");
    expect((await send({ description: "<p>Before</p>", type: "prepend" })).status()).toBe(200);
    expect((await read(seller, shopId, product!.id)).description).toBe("<p>Before</p><p>Base</p><p>After</p>");
    expect((await send({ description: '<p onclick="x()">Only<script>alert(1)</script></p>' })).status()).toBe(200);
    const sanitised = (await read(seller, shopId, product!.id)).description;
    expect(sanitised).toContain("Only");
    expect(sanitised).not.toContain("script");
    expect(sanitised).not.toContain("onclick");
    expect((await read(seller, shopId, other!.id)).description).toBe("<p>Base</p>");
    await expectValidationError(await send({ description: "x", type: "replace" }), "type");
  });

  test("group_id changes every live product of the group and none other", async ({ seller, shopId }) => {
    const group = await (await seller.post(`/v1/shops/${shopId}/groups`, { data: { name: uniqueName("Bulk") } })).json();
    const [first, second, outside] = await threeProducts(seller, shopId);
    for (const product of [first!, second!]) {
      const moved = await seller.put(`/v1/shops/${shopId}/products/${product.id}/update`, {
        data: { name: product.name, group_id: group.id, variants: [{ id: product.variants[0].id, name: "Standard", price: 9.99 }] },
      });
      expect(moved.status(), await moved.text()).toBe(200);
    }
    const response = await bulk(seller, shopId, "visibility", { group_id: group.id, visibility: "private" });
    expect(await response.json()).toEqual({ message: "Products updated.", updated: 2 });
    expect((await read(seller, shopId, first!.id)).visibility).toBe("private");
    expect((await read(seller, shopId, second!.id)).visibility).toBe("private");
    expect((await read(seller, shopId, outside!.id)).visibility).toBe("public");
  });

  test("another shop's product or group is 422 and nothing changes", async ({ seller, shopId, otherSeller, foreignShopId }) => {
    const [mine] = await threeProducts(seller, shopId);
    const theirs = await createProduct(otherSeller, foreignShopId);
    const refused = await bulk(seller, shopId, "visibility", { product_ids: [mine!.id, theirs.id], visibility: "private" });
    await expectValidationError(refused, "product_ids.1");
    expect((await read(seller, shopId, mine!.id)).visibility).toBe("public");
    expect((await read(otherSeller, foreignShopId, theirs.id)).visibility).toBe("public");
    const group = await (await otherSeller.post(`/v1/shops/${foreignShopId}/groups`, { data: { name: uniqueName("Theirs") } })).json();
    await expectValidationError(await bulk(seller, shopId, "visibility", { group_id: group.id, visibility: "private" }), "group_id");
  });

  test("the body: one target, bounds, an unknown field segment is 404", async ({ seller, shopId }) => {
    const [product] = await threeProducts(seller, shopId);
    await expectValidationError(await bulk(seller, shopId, "visibility", { visibility: "private" }), "product_ids");
    await expectValidationError(
      await bulk(seller, shopId, "visibility", { product_ids: Array.from({ length: 1001 }, (_, i) => i + 1), visibility: "public" }),
      "product_ids",
    );
    await expectValidationError(
      await bulk(seller, shopId, "badges", { product_ids: [product!.id], badges: Array(6).fill({ text: "x", color: "#000000" }) }),
      "badges",
    );
    await expectValidationError(
      await bulk(seller, shopId, "volume-discounts", { product_ids: [product!.id], volume_discounts: [{ qty: 1, percent: 5 }] }),
      "volume_discounts.0.qty",
    );
    const unknown = await bulk(seller, shopId, "price", { product_ids: [product!.id], price: 1 });
    expect(unknown.status()).toBe(404);
  });

  test("a dynamic type needs every variant's URL", async ({ seller, shopId }) => {
    const [product] = await threeProducts(seller, shopId);
    await expectValidationError(
      await bulk(seller, shopId, "deliverables-type", { product_ids: [product!.id], deliverables_type: "dynamic" }),
      "product_ids.0",
    );
  });
});

/** The verified events received at `path` of `type` about `productId`. */
const eventsAbout = (receiver: Receiver, path: string, type: string, productId: number): WebhookBody[] =>
  receiver.received
    .filter((entry) => entry.path === path && entry.verified)
    .map((entry) => entry.verified!)
    .filter((event) => event.type === type && event.data.object.id === productId);

webhookTest(
  "a bulk update is one product.updated per product, with the new value, to the shop's endpoints only; the sort sends none",
  async ({ receiver, made, seller, otherSeller, shopId, foreignShopId }) => {
    const path = uniquePath("ok");
    const events = ["product.created", "product.updated", "product.deleted"];
    const endpoint = await createEndpoint(seller, shopId, { url: receiverUrl(path), events }, receiver);
    made.push({ client: "seller", shopId, id: endpoint.id });
    const foreignPath = uniquePath("ok");
    const foreign = await createEndpoint(otherSeller, foreignShopId, { url: receiverUrl(foreignPath), events }, receiver);
    made.push({ client: "other", shopId: foreignShopId, id: foreign.id });

    const products = await threeProducts(seller, shopId);
    const ids = products.map((product) => product!.id);
    for (const id of ids) await eventAt(receiver, path, (event) => event.type === "product.created" && event.data.object.id === id);

    const response = await bulk(seller, shopId, "visibility", { product_ids: ids, visibility: "unlisted" });
    expect(await response.json()).toEqual({ message: "Products updated.", updated: 3 });
    for (const id of ids) {
      const event = await eventAt(receiver, path, (body) => body.type === "product.updated" && body.data.object.id === id);
      expect(event.data.object).toMatchObject({ id, shop_id: shopId, visibility: "unlisted" });
      // the API's own product view: what GET answers now
      expect(event.data.object).toEqual(await read(seller, shopId, id));
    }

    // the sort changes only the order: no event; a single update after it is the fence the worker passes in order
    const [first, second, third] = ids as [number, number, number];
    expect((await seller.put(`/v1/shops/${shopId}/products/sort`, { data: { sortedIds: [third, second, first] } })).status()).toBe(200);
    const renamed = uniqueName("Renamed");
    const updated = await seller.put(`/v1/shops/${shopId}/products/${first}/update`, {
      data: { name: renamed, variants: [{ id: products[0]!.variants[0].id, name: "Standard", price: 9.99 }] },
    });
    expect(updated.status(), await updated.text()).toBe(200);
    await eventAt(receiver, path, (event) => event.type === "product.updated" && event.data.object.name === renamed);
    expect((await seller.delete(`/v1/shops/${shopId}/products/${third}`)).status()).toBe(200);
    const deleted = await eventAt(receiver, path, (event) => event.type === "product.deleted" && event.data.object.id === third);
    expect(deleted.data.object.deleted_at).not.toBeNull();

    expect(eventsAbout(receiver, path, "product.updated", first)).toHaveLength(2);
    expect(eventsAbout(receiver, path, "product.updated", second)).toHaveLength(1);
    expect(eventsAbout(receiver, path, "product.updated", third)).toHaveLength(1);
    const atForeign = receiver.received.filter((entry) => entry.path === foreignPath);
    expect(atForeign.filter((entry) => ids.includes(entry.verified?.data.object.id ?? -1))).toEqual([]);
  },
);
