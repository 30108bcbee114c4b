import type { APIRequestContext } from "@playwright/test";
import { expect, expectGuarded, expectValidationError, test } from "../support/api";

type Subscription = {
  id: number;
  status: string;
  product_id: number;
  customer_id: number;
  cancel_at_period_end: boolean;
  cancelled_at: string | null;
  ended_at: string | null;
  current_period_end: string | null;
  customer: { email: string };
};

const STATUSES = ["pending", "trialing", "active", "past_due", "cancelled", "expired"];

async function listAll(seller: APIRequestContext, shopId: number, params: Record<string, string | number> = {}) {
  const response = await seller.get(`/v1/shops/${shopId}/subscriptions`, { params: { perPage: 100, ...params } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as { data: Subscription[]; total: number };
}

/** A seeded subscription in `status` (the demo seed has each status; each test below takes a different one). */
async function seeded(seller: APIRequestContext, shopId: number, status: string, filter: (s: Subscription) => boolean = () => true) {
  // the dashboard's browser test and the webhook test cancel subscriptions of customers kept for them
  const found = (await listAll(seller, shopId, { status })).data.find((s) => !RESERVED_MEMBERS.includes(s.customer.email) && filter(s));
  expect(found, `a seeded ${status} subscription`).toBeTruthy();
  return found!;
}

/** DASHBOARD_MEMBER_EMAIL and WEBHOOKS_MEMBER_EMAIL of lib/seed/marketing.ts */
const RESERVED_MEMBERS = ["dashboard.member@example.com", "webhooks.member@example.com"];

const cancelUrl = (shopId: number, id: number) => `/v1/shops/${shopId}/subscriptions/${id}/cancel`;

test.describe("subscriptions", () => {
  test("list: seller envelope, newest first, the record fields", async ({ seller, shopId }) => {
    const response = await seller.get(`/v1/shops/${shopId}/subscriptions`);
    expect(response.status()).toBe(200);
    const page = await response.json();
    expect(page).toMatchObject({ current_page: 1, per_page: 20 });
    for (const field of [
      "data",
      "first_page_url",
      "from",
      "last_page",
      "last_page_url",
      "links",
      "next_page_url",
      "path",
      "prev_page_url",
      "to",
      "total",
    ]) {
      expect(page).toHaveProperty(field);
    }
    const created = page.data.map((s: { created_at: string }) => s.created_at);
    expect(created).toEqual([...created].sort().reverse());
    const one = page.data[0];
    expect(typeof one.price).toBe("string");
    expect(one.price).toMatch(/^\d+\.\d{2}$/);
    for (const field of [
      "id",
      "status",
      "customer_id",
      "product_id",
      "variant_id",
      "current_period_start",
      "current_period_end",
      "cancel_at_period_end",
      "cancelled_at",
      "ended_at",
      "created_at",
      "customer",
      "product",
    ]) {
      expect(one).toHaveProperty(field);
    }
  });

  test("list filters: status (query and GET body), statuses, product, customer, email, dates", async ({ seller, shopId }) => {
    for (const status of STATUSES) {
      const { data } = await listAll(seller, shopId, { status });
      expect(
        data.every((s) => s.status === status),
        status,
      ).toBe(true);
    }
    const expired = await seller.fetch(`/v1/shops/${shopId}/subscriptions`, { method: "GET", data: { status: "expired" } });
    expect(expired.status()).toBe(200);
    const expiredBody = await expired.json();
    expect(expiredBody.total).toBeGreaterThan(0);
    expect(expiredBody.data.every((s: Subscription) => s.status === "expired")).toBe(true);

    const two = await seller.get(`/v1/shops/${shopId}/subscriptions?statuses[]=cancelled&statuses[]=expired&perPage=100`);
    expect((await two.json()).data.every((s: Subscription) => ["cancelled", "expired"].includes(s.status))).toBe(true);
    const several = await listAll(seller, shopId, { status: "cancelled,expired" });
    expect(several.total).toBeGreaterThanOrEqual(2);
    expect(several.data.every((s) => ["cancelled", "expired"].includes(s.status))).toBe(true);

    const all = await listAll(seller, shopId);
    const sample = all.data[0]!;
    const byProduct = await listAll(seller, shopId, { product_id: sample.product_id });
    expect(byProduct.total).toBeGreaterThan(0);
    expect(byProduct.data.every((s) => s.product_id === sample.product_id)).toBe(true);
    expect((await listAll(seller, shopId, { product_id: 999999999 })).total).toBe(0);
    const byCustomer = await listAll(seller, shopId, { customer_id: sample.customer_id });
    expect(byCustomer.data.map((s) => s.customer_id)).toContain(sample.customer_id);
    expect(byCustomer.data.every((s) => s.customer_id === sample.customer_id)).toBe(true);
    const byEmail = await listAll(seller, shopId, { email: sample.customer.email.slice(0, -3).toUpperCase() });
    expect(byEmail.data.map((s) => s.id)).toContain(sample.id);
    expect((await listAll(seller, shopId, { email: "%" })).total).toBe(0);
    expect((await listAll(seller, shopId, { date_from: "2000-01-01", date_to: "2000-01-31" })).total).toBe(0);
    expect((await listAll(seller, shopId, { date_from: "2000-01-01" })).total).toBe(all.total);
  });

  test("list validation: status enum, ids, perPage 1..100, page, date order", async ({ seller, shopId }) => {
    const url = `/v1/shops/${shopId}/subscriptions`;
    expect((await seller.get(url, { params: { perPage: 1 } })).status()).toBe(200);
    expect((await (await seller.get(url, { params: { perPage: 1 } })).json()).data).toHaveLength(1);
    expect((await seller.get(url, { params: { perPage: 100 } })).status()).toBe(200);
    await expectValidationError(await seller.get(url, { params: { perPage: 0 } }), "perPage");
    await expectValidationError(await seller.get(url, { params: { perPage: 101 } }), "perPage");
    await expectValidationError(await seller.get(url, { params: { page: 0 } }), "page");
    await expectValidationError(await seller.get(url, { params: { status: "paused" } }), "status");
    await expectValidationError(await seller.get(url, { params: { product_id: "abc" } }), "product_id");
    await expectValidationError(await seller.get(url, { params: { customer_id: 0 } }), "customer_id");
    await expectValidationError(await seller.get(url, { params: { date_from: "2026-02-01", date_to: "2026-01-31" } }), "date_to");
    const beyond = await (await seller.get(url, { params: { page: 999 } })).json();
    expect(beyond.data).toEqual([]);
    expect(beyond.current_page).toBe(999);
  });

  test("get one; unknown, malformed and other-shop ids are 404 Subscription not found", async ({ seller, shopId }) => {
    const any = (await listAll(seller, shopId)).data[0]!;
    const response = await seller.get(`/v1/shops/${shopId}/subscriptions/${any.id}`);
    expect(response.status()).toBe(200);
    expect((await response.json()).id).toBe(any.id);
    for (const path of [
      `/v1/shops/${shopId}/subscriptions/999999999`,
      `/v1/shops/${shopId}/subscriptions/abc`,
      `/v1/shops/2/subscriptions/${any.id}`,
    ]) {
      const missing = await seller.get(path);
      expect(missing.status()).toBe(404);
      expect(await missing.json()).toEqual({ message: "Subscription not found." });
    }
    const cancelMissing = await seller.post(cancelUrl(shopId, 999999999));
    expect(cancelMissing.status()).toBe(404);
    expect(await cancelMissing.json()).toEqual({ message: "Subscription not found." });
    expect((await seller.post(cancelUrl(2, any.id))).status()).toBe(404);
  });

  test("cancel immediately: cancelled with cancelled_at and ended_at, notifies, then a second cancel is 422", async ({
    seller,
    shopId,
  }) => {
    const pending = await seeded(seller, shopId, "pending");
    const response = await seller.post(cancelUrl(shopId, pending.id));
    expect(response.status(), await response.text()).toBe(200);
    const cancelled = await response.json();
    expect(cancelled).toMatchObject({ id: pending.id, status: "cancelled", cancel_at_period_end: false });
    expect(cancelled.cancelled_at).toBeTruthy();
    expect(cancelled.ended_at).toBe(cancelled.cancelled_at);
    expect((await (await seller.get(`/v1/shops/${shopId}/subscriptions/${pending.id}`)).json()).status).toBe("cancelled");

    const again = await expectValidationError(await seller.post(cancelUrl(shopId, pending.id)), "status");
    expect(again.message).toBe("The subscription is already cancelled.");

    // The demo shop notifies subscription_cancelled in the dashboard.
    const notifications = await (await seller.get(`/v1/shops/${shopId}/notifications/page`, { params: { perPage: 100 } })).json();
    const notice = notifications.data.find((n: { link: string }) => n.link === `/dashboard/subscriptions/${pending.id}`);
    expect(notice).toMatchObject({ level: "info", title: "Subscription cancelled" });
  });

  test("cancel at period end keeps the status until the period ends; asking again changes nothing", async ({ seller, shopId }) => {
    const active = await seeded(seller, shopId, "active", (s) => !s.cancel_at_period_end);
    const response = await seller.post(cancelUrl(shopId, active.id), { data: { at_period_end: true } });
    expect(response.status(), await response.text()).toBe(200);
    const scheduled = await response.json();
    expect(scheduled).toMatchObject({
      id: active.id,
      status: "active",
      cancel_at_period_end: true,
      ended_at: null,
      current_period_end: active.current_period_end,
    });
    expect(scheduled.cancelled_at).toBeTruthy();

    const repeat = await seller.post(cancelUrl(shopId, active.id), { data: { at_period_end: "true" } });
    expect(repeat.status()).toBe(200);
    expect(await repeat.json()).toEqual(scheduled);

    // A scheduled cancel can still be made immediate.
    const now = await seller.post(cancelUrl(shopId, active.id), { data: { at_period_end: false } });
    expect(await now.json()).toMatchObject({ status: "cancelled", cancel_at_period_end: false });
    expect((await now.json()).ended_at).toBeTruthy();
  });

  test("a trialing subscription can be cancelled at the end of its period", async ({ seller, shopId }) => {
    const trialing = await seeded(seller, shopId, "trialing");
    const response = await seller.post(cancelUrl(shopId, trialing.id), { data: { at_period_end: 1 } });
    expect(response.status(), await response.text()).toBe(200);
    expect(await response.json()).toMatchObject({ status: "trialing", cancel_at_period_end: true, ended_at: null });
  });

  test("past_due: no running period to wait for, so only an immediate cancel", async ({ seller, shopId }) => {
    const pastDue = await seeded(seller, shopId, "past_due");
    await expectValidationError(await seller.post(cancelUrl(shopId, pastDue.id), { data: { at_period_end: true } }), "status");
    expect((await (await seller.get(`/v1/shops/${shopId}/subscriptions/${pastDue.id}`)).json()).status).toBe("past_due");
    const response = await seller.post(cancelUrl(shopId, pastDue.id), { data: {} });
    expect(response.status()).toBe(200);
    expect((await response.json()).status).toBe("cancelled");
  });

  test("cancelled and expired subscriptions cannot be cancelled (422 state conflict)", async ({ seller, shopId }) => {
    const expired = await seeded(seller, shopId, "expired");
    const cancelled = await seeded(seller, shopId, "cancelled");
    for (const subscription of [expired, cancelled]) {
      for (const data of [undefined, { at_period_end: true }]) {
        const body = await expectValidationError(await seller.post(cancelUrl(shopId, subscription.id), data ? { data } : {}), "status");
        expect(body.errors.status).toEqual([body.message]);
      }
      const after = await (await seller.get(`/v1/shops/${shopId}/subscriptions/${subscription.id}`)).json();
      expect(after.status).toBe(subscription.status);
      expect(after.ended_at).toBe(subscription.ended_at);
    }
  });

  test("cancel body validation", async ({ seller, shopId }) => {
    const cancelled = await seeded(seller, shopId, "cancelled");
    await expectValidationError(await seller.post(cancelUrl(shopId, cancelled.id), { data: { at_period_end: "maybe" } }), "at_period_end");
  });

  test("concurrent immediate cancels: one succeeds, the others meet a cancelled subscription", async ({ seller, shopId }) => {
    const target = await seeded(seller, shopId, "active", (s) => s.cancel_at_period_end);
    const responses = await Promise.all([1, 2, 3].map(() => seller.post(cancelUrl(shopId, target.id))));
    expect(responses.map((r) => r.status()).sort()).toEqual([200, 422, 422]);
  });

  test("another seller's shop is 404 Shop not found; 401 without a valid key", async ({
    seller,
    otherSeller,
    anonymous,
    shopId,
    foreignShopId,
  }) => {
    const any = (await listAll(seller, shopId)).data[0]!;
    await expectGuarded({ seller, otherSeller, anonymous, shopId, foreignShopId }, [
      { method: "get", path: (shop) => `/v1/shops/${shop}/subscriptions` },
      { method: "get", path: (shop) => `/v1/shops/${shop}/subscriptions/${any.id}` },
      { method: "post", path: (shop) => cancelUrl(shop, any.id) },
    ]);
    expect((await (await seller.get(`/v1/shops/${shopId}/subscriptions/${any.id}`)).json()).status).toBe(any.status);
  });
});
