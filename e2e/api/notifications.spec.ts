import { expect, expectGuarded, expectShopNotFound, expectValidationError, test } from "../support/api";
import { createShopAs, newShopOwner } from "../support/shops";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const EVENTS = [
  "invoice_completed",
  "invoice_refunded",
  "stock_low",
  "reseller_order",
  "reseller_applied",
  "subscription_cancelled",
  "affiliate_payout",
];
const DEFAULTS = Object.fromEntries(EVENTS.map((event) => [event, { dashboard: true, email: false }]));

type Notification = {
  id: string;
  level: string;
  title: string;
  description: string;
  link: string;
  created_at: string;
  read_at: string | null;
};

function expectNotification(notification: Notification) {
  expect(notification.id).toMatch(UUID);
  for (const field of ["level", "title", "description", "link"] as const) expect(typeof notification[field]).toBe("string");
  expect(notification.link).toMatch(/^\/dashboard(\/|$)/);
  expect(notification.created_at).toMatch(ISO);
}

const newestFirst = (list: Notification[]) => {
  const times = list.map((n) => n.created_at);
  expect(times).toEqual([...times].sort().reverse());
};

/** Shop 2 of the demo seller has no saved settings; tests there restore the defaults when done. */
const SETTINGS_SHOP = 2;

test.describe("notifications", () => {
  test("latest: newest first with unread_count", async ({ seller, shopId, playwright, baseURL, anonymous }) => {
    const response = await seller.get(`/v1/shops/${shopId}/notifications/latest`);
    expect(response.status()).toBe(200);
    const body = await response.json();
    expect(Object.keys(body).sort()).toEqual(["notifications", "unread_count"]);
    expect(Number.isInteger(body.unread_count)).toBe(true);
    expect(body.unread_count).toBeGreaterThan(0);
    expect(body.notifications.length).toBeGreaterThan(0);
    expect(body.notifications.length).toBeLessThanOrEqual(10);
    body.notifications.forEach(expectNotification);
    newestFirst(body.notifications);
    // a shop of the test's own: other specs sell in the demo shops meanwhile
    const owner = await newShopOwner(playwright, baseURL, anonymous, shopId);
    const fresh = (await createShopAs(owner.client)).id;
    const empty = await (await owner.client.get(`/v1/shops/${fresh}/notifications/latest`)).json();
    expect(empty).toEqual({ notifications: [], unread_count: 0 });
  });

  test("page: seller envelope, newest first, page and perPage bounds", async ({ seller, shopId }) => {
    const url = `/v1/shops/${shopId}/notifications/page`;
    const response = await seller.get(url);
    expect(response.status()).toBe(200);
    const first = await response.json();
    expect(first).toMatchObject({ current_page: 1, per_page: 20, from: 1, prev_page_url: null });
    for (const field of ["first_page_url", "last_page", "last_page_url", "links", "next_page_url", "path", "to", "total"])
      expect(first).toHaveProperty(field);
    expect(first.total).toBeGreaterThanOrEqual(18);
    first.data.forEach(expectNotification);
    newestFirst(first.data);

    const small = await (await seller.get(url, { params: { perPage: 5, page: 2 } })).json();
    expect(small).toMatchObject({ current_page: 2, per_page: 5, from: 6, to: 10 });
    expect(small.data).toHaveLength(5);
    const one = await (await seller.get(url, { params: { perPage: 1 } })).json();
    expect(one.data).toHaveLength(1);
    expect((await seller.get(url, { params: { perPage: 100 } })).status()).toBe(200);
    const viaBody = await seller.fetch(url, { method: "GET", data: { perPage: 3 } });
    expect((await viaBody.json()).per_page).toBe(3);

    await expectValidationError(await seller.get(url, { params: { perPage: 0 } }), "perPage");
    await expectValidationError(await seller.get(url, { params: { perPage: 101 } }), "perPage");
    await expectValidationError(await seller.get(url, { params: { page: 0 } }), "page");
    await expectValidationError(await seller.get(url, { params: { page: "x" } }), "page");
    const beyond = await (await seller.get(url, { params: { page: 9999 } })).json();
    expect(beyond).toMatchObject({ current_page: 9999, data: [], from: null, to: null });
  });

  test("mark-as-read marks every notification of that shop only", async ({ seller, otherSeller, shopId, foreignShopId }) => {
    // The other seller's shop has seeded unread notifications; the demo shop's stay untouched.
    const before = new Date().toISOString();
    const response = await otherSeller.post(`/v1/shops/${foreignShopId}/notifications/mark-as-read`);
    expect(response.status(), await response.text()).toBe(200);
    const body = await response.json();
    expect(typeof body.message).toBe("string");
    expect(Number.isInteger(body.marked)).toBe(true);

    const page = await (await otherSeller.get(`/v1/shops/${foreignShopId}/notifications/page`, { params: { perPage: 100 } })).json();
    expect(page.total).toBeGreaterThan(0);
    for (const notification of page.data as Notification[]) {
      if (notification.created_at <= before) expect(notification.read_at, notification.id).not.toBeNull();
    }
    const again = await (await otherSeller.post(`/v1/shops/${foreignShopId}/notifications/mark-as-read`)).json();
    expect(again.marked).toBe(0);
    expect((await (await seller.get(`/v1/shops/${shopId}/notifications/latest`)).json()).unread_count).toBeGreaterThan(0);
  });

  test("settings: defaults when nothing is saved, partial changes per event and channel", async ({ seller }) => {
    const url = `/v1/shops/${SETTINGS_SHOP}/notifications/settings`;
    const initial = await seller.get(url);
    expect(initial.status()).toBe(200);
    expect(await initial.json()).toEqual({ settings: DEFAULTS });

    const changed = await seller.post(url, { data: { stock_low: { email: true }, invoice_completed: { dashboard: false, email: true } } });
    expect(changed.status(), await changed.text()).toBe(200);
    const expected = { ...DEFAULTS, stock_low: { dashboard: true, email: true }, invoice_completed: { dashboard: false, email: true } };
    expect(await changed.json()).toEqual({ settings: expected });
    expect(await (await seller.get(url)).json()).toEqual({ settings: expected });

    // The shape GET answers with is accepted too; channels not sent keep their value.
    const wrapped = await seller.post(url, { data: { settings: { stock_low: { dashboard: false } } } });
    expect((await wrapped.json()).settings.stock_low).toEqual({ dashboard: false, email: true });

    // Refusals change nothing.
    await expectValidationError(await seller.post(url, { data: { order_shipped: { email: true } } }), "order_shipped");
    await expectValidationError(await seller.post(url, { data: { stock_low: { sms: true } } }), "stock_low.sms");
    await expectValidationError(await seller.post(url, { data: { stock_low: { email: "often" } } }), "stock_low.email");
    await expectValidationError(await seller.post(url, { data: { stock_low: true } }), "stock_low");
    await expectValidationError(await seller.post(url, { data: { settings: { stock_low: { push: false } } } }), "settings.stock_low.push");
    await expectValidationError(await seller.post(url, { data: { settings: "all" } }), "settings");
    expect((await (await seller.get(url)).json()).settings.stock_low).toEqual({ dashboard: false, email: true });

    const restored = await seller.post(url, { data: DEFAULTS });
    expect(await restored.json()).toEqual({ settings: DEFAULTS });
  });

  test("the demo shop's saved settings are read back", async ({ seller, shopId }) => {
    const body = await (await seller.get(`/v1/shops/${shopId}/notifications/settings`)).json();
    expect(Object.keys(body.settings).sort()).toEqual([...EVENTS].sort());
    for (const channels of Object.values(body.settings)) {
      expect(Object.keys(channels as object).sort()).toEqual(["dashboard", "email"]);
    }
  });

  test("another seller's shop, a missing one and a malformed id are 404 with the Shop not found body; no key or a bad one 401", async ({
    seller,
    otherSeller,
    anonymous,
    shopId,
    foreignShopId,
  }) => {
    const routes = (
      [
        ["get", "settings"],
        ["post", "settings", { stock_low: { email: true } }],
        ["get", "latest"],
        ["get", "page"],
        ["post", "mark-as-read"],
      ] as const
    ).map(([method, suffix, data]) => ({ method, data, path: (shop: number | string) => `/v1/shops/${shop}/notifications/${suffix}` }));
    await expectGuarded({ seller, otherSeller, anonymous, shopId, foreignShopId }, routes);
    for (const shop of [999999, "abc"]) {
      for (const { method, path, data } of routes) await expectShopNotFound(await seller.fetch(path(shop), { method, data }));
    }
    const settings = await seller.post(`/v1/shops/${foreignShopId}/notifications/settings`, { data: {} });
    expect(await settings.json()).toEqual({ success: false, error: "Shop not found", message: "Shop not found" });
    expect((await (await seller.get(`/v1/shops/${shopId}/notifications/latest`)).json()).unread_count).toBeGreaterThan(0);
  });
});
