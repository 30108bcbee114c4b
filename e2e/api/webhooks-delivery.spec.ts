import { expectValidationError } from "../support/api";
import { createEndpoint, deliveries, deliveryReaching, eventAt, expect, receiverUrl, test, uniquePath } from "../support/webhook-receiver";

/**
 * Seller webhooks over real HTTP, against the local receiver of e2e/support/webhook-receiver.ts (which
 * says how it answers and the server's webhook timings). Retries with backoff, automatic disabling,
 * redelivery and test sends.
 */

// In order, in one worker: the tests take turns holding the receiver's port and would only wait on each other.
test.describe.configure({ mode: "default" });

test("a failing endpoint is retried with backoff, then the delivery fails; a success is not retried", async ({
  receiver,
  made,
  otherSeller,
  foreignShopId: shopId,
}) => {
  const path = uniquePath("fail");
  const endpoint = await createEndpoint(otherSeller, shopId, { url: receiverUrl(path), events: ["subscription.renewed"] });
  made.push({ client: "other", shopId, id: endpoint.id });
  const sent = await otherSeller.post(`/v1/shops/${shopId}/webhooks/${endpoint.id}/test`, { data: { event_type: "invoice.completed" } });
  expect(sent.status(), await sent.text()).toBe(201);
  const delivery = await sent.json();
  expect(delivery).toMatchObject({ status: "pending", attempts: 0, event_type: "invoice.completed" });
  expect(JSON.parse(delivery.payload).data.test).toBe(true);

  const failed = await deliveryReaching(otherSeller, shopId, endpoint.id, delivery.id, "failed");
  // WEBHOOK_RETRY_SCHEDULE=0.5,1: three attempts, the waits growing, each within ±20 % jitter of the schedule.
  expect(failed.attempts).toBe(3);
  expect(failed.attempt_log.map((attempt) => attempt.number)).toEqual([1, 2, 3]);
  expect(failed.attempt_log.every((attempt) => attempt.response_status === 500 && attempt.error === "HTTP 500")).toBe(true);
  expect(failed.attempt_log[0]!.response_body).toBe("receiver says no");
  const hits = receiver.received.filter((entry) => entry.path === path);
  expect(hits).toHaveLength(3);
  const gaps = [hits[1]!.at - hits[0]!.at, hits[2]!.at - hits[1]!.at];
  expect(gaps[0]).toBeGreaterThanOrEqual(400);
  expect(gaps[1]).toBeGreaterThanOrEqual(800);
  // All three carry the same webhook-id (receivers drop duplicates by it).
  expect(new Set(hits.map((hit) => hit.headers["webhook-id"]))).toEqual(new Set([delivery.event_id]));
  await new Promise((resolve) => setTimeout(resolve, 1500));
  expect(receiver.received.filter((entry) => entry.path === path)).toHaveLength(3);

  const filtered = await deliveries(otherSeller, shopId, endpoint.id, { status: "failed", event_type: "invoice.completed" });
  expect(filtered.data.map((entry) => entry.id)).toEqual([delivery.id]);
  expect((await deliveries(otherSeller, shopId, endpoint.id, { status: "succeeded" })).total).toBe(0);
  await expectValidationError(await otherSeller.get(`/v1/shops/${shopId}/webhooks/${endpoint.id}/deliveries?status=lost`), "status");
});

test("an endpoint failing for longer than the limit is disabled, and the seller is notified", async ({
  // held, not read: the receiver answers the endpoint's deliveries with 500
  receiver: _held,
  made,
  otherSeller,
  foreignShopId: shopId,
}) => {
  const path = uniquePath("fail");
  const endpoint = await createEndpoint(otherSeller, shopId, { url: receiverUrl(path), events: ["subscription.renewed"] });
  made.push({ client: "other", shopId, id: endpoint.id });
  const test1 = await (
    await otherSeller.post(`/v1/shops/${shopId}/webhooks/${endpoint.id}/test`, { data: { event_type: "invoice.refunded" } })
  ).json();
  await deliveryReaching(otherSeller, shopId, endpoint.id, test1.id, "failed");
  const failing = await (await otherSeller.get(`/v1/shops/${shopId}/webhooks/${endpoint.id}`)).json();
  expect(failing).toMatchObject({ enabled: true });
  expect(failing.failing_since).toBeTruthy();

  // WEBHOOK_DISABLE_AFTER_SECONDS=3: a failure after the stretch has lasted 3 s disables it.
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, Date.parse(failing.failing_since) + 3200 - Date.now())));
  const test2 = await otherSeller.post(`/v1/shops/${shopId}/webhooks/${endpoint.id}/test`, { data: { event_type: "invoice.refunded" } });
  expect(test2.status(), await test2.text()).toBe(201);
  await expect
    .poll(async () => (await (await otherSeller.get(`/v1/shops/${shopId}/webhooks/${endpoint.id}`)).json()).enabled, { timeout: 15_000 })
    .toBe(false);
  const disabled = await (await otherSeller.get(`/v1/shops/${shopId}/webhooks/${endpoint.id}`)).json();
  expect(disabled.disabled_reason).toContain("Disabled automatically");

  const notifications = await (await otherSeller.get(`/v1/shops/${shopId}/notifications/page`, { params: { perPage: 50 } })).json();
  const notice = notifications.data.filter(
    (entry: { title: string; description: string }) =>
      entry.title === "Webhook endpoint disabled" && entry.description.includes(`Webhook #${endpoint.id} `),
  );
  expect(notice).toHaveLength(1);
  expect(notice[0]).toMatchObject({ event: "webhook_disabled", level: "error" });

  // A disabled endpoint gets no test or redelivery until it is enabled again, which clears the stretch.
  await expectValidationError(
    await otherSeller.post(`/v1/shops/${shopId}/webhooks/${endpoint.id}/test`, { data: { event_type: "invoice.refunded" } }),
    "status",
  );
  await expectValidationError(
    await otherSeller.post(`/v1/shops/${shopId}/webhooks/${endpoint.id}/deliveries/${test1.id}/redeliver`),
    "status",
  );
  const enabled = await (await otherSeller.put(`/v1/shops/${shopId}/webhooks/${endpoint.id}`, { data: { enabled: true } })).json();
  expect(enabled).toMatchObject({ enabled: true, failing_since: null, disabled_reason: null });
});

test("redeliver sends the same event again as a new delivery; test sends a sample of the chosen type", async ({
  receiver,
  made,
  seller,
  shopId,
}) => {
  const path = uniquePath("ok");
  const endpoint = await createEndpoint(seller, shopId, { url: receiverUrl(path), events: ["subscription.renewed"] }, receiver);
  made.push({ client: "seller", shopId, id: endpoint.id });
  const sent = await seller.post(`/v1/shops/${shopId}/webhooks/${endpoint.id}/test`, { data: { event_type: "variant.stock_low" } });
  expect(sent.status(), await sent.text()).toBe(201);
  const first = await sent.json();
  const sample = await eventAt(receiver, path, (event) => event.id === first.event_id);
  expect(sample).toMatchObject({ type: "variant.stock_low", data: { test: true } });
  await deliveryReaching(seller, shopId, endpoint.id, first.id, "succeeded");

  const again = await seller.post(`/v1/shops/${shopId}/webhooks/${endpoint.id}/deliveries/${first.id}/redeliver`);
  expect(again.status(), await again.text()).toBe(201);
  const second = await again.json();
  expect(second.id).not.toBe(first.id);
  expect(second).toMatchObject({ event_id: first.event_id, status: "pending", payload: first.payload });
  await deliveryReaching(seller, shopId, endpoint.id, second.id, "succeeded");
  const hits = receiver.received.filter((entry) => entry.path === path && entry.headers["webhook-id"] === first.event_id);
  expect(hits).toHaveLength(2);
  expect(hits.every((hit) => hit.verified && hit.body === first.payload)).toBe(true);

  const missing = await seller.post(`/v1/shops/${shopId}/webhooks/${endpoint.id}/deliveries/999999999/redeliver`);
  expect(missing.status()).toBe(404);
  expect(await missing.json()).toEqual({ message: "Delivery not found." });
  await expectValidationError(
    await seller.post(`/v1/shops/${shopId}/webhooks/${endpoint.id}/test`, { data: { event_type: "order.lost" } }),
    "event_type",
  );
});
