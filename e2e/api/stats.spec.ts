import { expect, expectGuarded, expectValidationError, test } from "../support/api";

test.describe("shop stats (dashboard home)", () => {
  test("revenue per day adds up to the totals, with counts by status and gateway", async ({ seller, shopId }) => {
    const response = await seller.get(`/v1/shops/${shopId}/stats?days=90`);
    expect(response.status()).toBe(200);
    const stats = await response.json();
    expect(stats.days).toBe(90);
    expect(stats.series).toHaveLength(90);
    const revenue = stats.series.reduce(
      (sum: number, point: { revenue_usd: string }) => sum + Math.round(Number(point.revenue_usd) * 100),
      0,
    );
    expect((revenue / 100).toFixed(2)).toBe(stats.totals.revenue_usd);
    expect(stats.totals.orders).toBeGreaterThan(0);
    expect(stats.by_status.completed).toBeGreaterThan(0);
    expect(stats.by_gateway.length).toBeGreaterThan(0);
    expect(stats.recent_invoices.length).toBeGreaterThan(0);
    const times = stats.recent_invoices.map((invoice: { created_at: string }) => invoice.created_at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  test("days is 1 to 366, 30 by default", async ({ seller, shopId }) => {
    expect((await (await seller.get(`/v1/shops/${shopId}/stats`)).json()).series).toHaveLength(30);
    expect((await seller.get(`/v1/shops/${shopId}/stats?days=1`)).status()).toBe(200);
    expect((await seller.get(`/v1/shops/${shopId}/stats?days=366`)).status()).toBe(200);
    await expectValidationError(await seller.get(`/v1/shops/${shopId}/stats?days=0`), "days");
    await expectValidationError(await seller.get(`/v1/shops/${shopId}/stats?days=367`), "days");
    await expectValidationError(await seller.get(`/v1/shops/${shopId}/stats?days=abc`), "days");
  });

  test("another seller's shop is 404 and no key is 401", async ({ seller, otherSeller, anonymous, shopId, foreignShopId }) => {
    await expectGuarded({ seller, otherSeller, anonymous, shopId, foreignShopId }, [
      { method: "get", path: (shop) => `/v1/shops/${shop}/stats` },
    ]);
  });
});
