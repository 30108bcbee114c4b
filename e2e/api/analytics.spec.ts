import { awayFromWindowEdge } from "../support/accounts";
import type { APIRequestContext } from "@playwright/test";
import type { AnalyticsGraphView, AnalyticsSummaryView, TopCustomersView, TopProductsView } from "../../lib/analytics/schemas";
import { expect, expectGuarded, expectValidationError, test } from "../support/api";
import { buyerEmail, checkout, enableGateways, stockedProduct } from "../support/checkout";
import { completeInvoice, createPendingInvoice, invoiceAction } from "../support/invoices";
import { createShopAs, newShopOwner } from "../support/shops";

const DAY_MS = 86_400_000;

async function read<T>(client: APIRequestContext, path: string, query: Record<string, string | number> = {}): Promise<T> {
  const response = await client.get(path, { params: query });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

test.describe("analytics", () => {
  test("every analytics route is guarded", async ({ seller, otherSeller, anonymous, shopId, foreignShopId }) => {
    await expectGuarded(
      { seller, otherSeller, anonymous, shopId, foreignShopId },
      ["", "/graph", "/top-products", "/top-customers"].map((suffix) => ({
        method: "get" as const,
        path: (shop: number) => `/v1/shops/${shop}/analytics${suffix}`,
      })),
    );
  });

  test("ranges, filters and limits are checked", async ({ seller, shopId }) => {
    const base = `/v1/shops/${shopId}/analytics`;
    await expectValidationError(await seller.get(base, { params: { start: "2026-02-01", end: "2026-01-01" } }), "end");
    await expectValidationError(await seller.get(`${base}/graph`, { params: { start: "2020-01-01", end: "2026-01-01" } }), "end");
    await expectValidationError(await seller.get(base, { params: { start: "yesterday" } }), "start");
    await expectValidationError(await seller.get(base, { params: { currency: "US" } }), "currency");
    await expectValidationError(await seller.get(base, { params: { excludeManual: "maybe" } }), "excludeManual");
    await expectValidationError(await seller.get(`${base}/top-products`, { params: { limit: 0 } }), "limit");
    await expectValidationError(await seller.get(`${base}/top-customers`, { params: { limit: 101 } }), "limit");
  });

  test("completed invoices count by completion, under every filter, and leave when refunded", async ({
    playwright,
    baseURL,
    anonymous,
    shopId,
  }) => {
    // every sale in one hour (and so one day): the hourly and daily points below hold all of them
    await awayFromWindowEdge(3600, 180);
    // a shop of the test's own: other specs sell in the demo shops at the same time
    const owner = await newShopOwner(playwright, baseURL, anonymous, shopId);
    const shop = (await createShopAs(owner.client)).id;
    const client = owner.client;
    const base = `/v1/shops/${shop}/analytics`;
    await enableGateways(client, shop);
    const product = await stockedProduct(client, shop, { serials: 6, price: 10 });
    const items = (quantity: number) => [{ variant_id: product.variantId, quantity }];

    const alice = buyerEmail();
    const first = await createPendingInvoice(client, shop, items(2), alice);
    await completeInvoice(client, shop, first.id);
    const second = await createPendingInvoice(client, shop, items(1), alice);
    await completeInvoice(client, shop, second.id);
    await createPendingInvoice(client, shop, items(1)); // pending: never counted
    const bob = buyerEmail();
    const checkedOut = await checkout(client, shop, {
      cart: [{ productId: product.productId, variantId: product.variantId, quantity: 1 }],
      email: bob,
      gateway: "MANUAL",
    });
    expect(checkedOut.status(), await checkedOut.text()).toBe(201);
    const { invoice_id: checkoutInvoice } = (await checkedOut.json()) as { invoice_id: number };
    await completeInvoice(client, shop, checkoutInvoice);

    const summary = await read<AnalyticsSummaryView>(client, base);
    expect(summary).toMatchObject({ revenue: 40, orders: 3, customers: 2, currency: "USD", revenueChange: 100, ordersChange: 100 });
    expect((await read<AnalyticsSummaryView>(client, base, { excludeManual: "true" })).orders).toBe(1);
    expect((await read<AnalyticsSummaryView>(client, base, { currency: "eur" })).orders).toBe(0);
    expect((await read<AnalyticsSummaryView>(client, base, { currency: "USD" })).revenue).toBe(40);

    // the next day holds nothing: against today's sales it is a fall of 100 %
    const tomorrow = new Date(Date.now() + DAY_MS).toISOString().slice(0, 10);
    expect(await read<AnalyticsSummaryView>(client, base, { start: tomorrow, end: tomorrow })).toMatchObject({
      orders: 0,
      revenue: 0,
      ordersChange: -100,
      revenueChange: -100,
      customersChange: -100,
    });

    const graph = await read<AnalyticsGraphView>(client, `${base}/graph`);
    expect(graph).toHaveLength(31);
    expect(graph.at(-1)).toEqual({ date: new Date().toISOString().slice(0, 10), revenue: 40, orders: 3, customers: 2 });
    expect(graph.slice(0, -1).every((point) => point.orders === 0)).toBe(true);
    const hourly = await read<AnalyticsGraphView>(client, `${base}/graph`, {
      start: new Date(Date.now() - DAY_MS).toISOString(),
      end: new Date().toISOString(),
    });
    expect(hourly).toHaveLength(25);
    expect(hourly.at(-1)).toMatchObject({ orders: 3, revenue: 40 });
    expect(hourly.at(-1)!.date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:00:00\.000Z$/);

    const products = await read<TopProductsView>(client, `${base}/top-products`);
    expect(products).toEqual([{ productId: product.productId, name: expect.any(String), revenue: 40, orders: 3, quantity: 4 }]);
    const customers = await read<TopCustomersView>(client, `${base}/top-customers`);
    expect(customers.map(({ email, revenue, orders }) => ({ email, revenue, orders }))).toEqual([
      { email: alice, revenue: 30, orders: 2 },
      { email: bob, revenue: 10, orders: 1 },
    ]);
    expect(await read<TopCustomersView>(client, `${base}/top-customers`, { limit: 1 })).toHaveLength(1);

    // a refund takes the invoice out; archiving keeps it unless excluded
    expect((await invoiceAction(client, shop, first.id, "refund")).status()).toBe(200);
    expect(await read<AnalyticsSummaryView>(client, base)).toMatchObject({ revenue: 20, orders: 2, customers: 2 });
    expect(await read<TopProductsView>(client, `${base}/top-products`)).toMatchObject([{ revenue: 20, orders: 2, quantity: 2 }]);
    // ties in revenue: the older customer first
    const afterRefund = await read<TopCustomersView>(client, `${base}/top-customers`, { currency: "usd" });
    expect(afterRefund.map(({ email, revenue, orders }) => ({ email, revenue, orders }))).toEqual([
      { email: alice, revenue: 10, orders: 1 },
      { email: bob, revenue: 10, orders: 1 },
    ]);
    expect(await read<TopCustomersView>(client, `${base}/top-customers`, { currency: "EUR" })).toEqual([]);
    expect((await invoiceAction(client, shop, second.id, "archive")).status()).toBe(200);
    expect((await read<AnalyticsSummaryView>(client, base)).orders).toBe(2);
    expect(await read<AnalyticsSummaryView>(client, base, { excludeArchived: "1" })).toMatchObject({
      orders: 1,
      customers: 1,
      revenue: 10,
    });
  });
});
