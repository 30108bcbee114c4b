import { randomUUID } from "node:crypto";
import { expect, expectShopNotFound, expectValidationError, test } from "../support/api";
import { createProduct, uniqueName } from "../support/catalog";
import { completeInvoice, createPendingInvoice, invoiceAction } from "../support/invoices";
import { ownReseller, serialProduct } from "../support/openapi-records";
import { freshReseller, resellerClient } from "../support/reseller";
import { applyAsNewPerson } from "../support/reseller-portal";
import {
  WEBHOOK_PORT,
  createEndpoint,
  deliveries,
  deliveryReaching,
  eventAt,
  receiverUrl,
  startReceiver,
  type Delivery,
  type Receiver,
  type WebhookBody,
} from "../support/webhook-receiver";

/**
 * Seller webhooks over real HTTP: a local receiver (TEST_WEBHOOK_PORT) verifies
 * every standard delivery with the Standard Webhooks package. The server runs
 * with WEBHOOK_RETRY_SCHEDULE=0.5,1 (three attempts), WEBHOOK_DISABLE_AFTER_SECONDS=3
 * (e2e/scripts/test.sh). Endpoints that fail on purpose live in the other
 * seller's shop, so the "endpoint disabled" notification lands nowhere
 * another spec reads; every endpoint is deleted at the end.
 */

// One receiver port: the tests of this file run one after the other in one worker.
test.describe.configure({ mode: "default" });

let receiver: Receiver;
const made: { client: "seller" | "other"; shopId: number; id: number }[] = [];

test.beforeAll(async () => {
  expect(WEBHOOK_PORT, "TEST_WEBHOOK_PORT is set by e2e/scripts/test.sh (npm test)").toBeGreaterThan(0);
  receiver = await startReceiver();
});

test.afterAll(async ({ playwright, baseURL, seed }) => {
  for (const [client, key] of [
    ["seller", seed.seller.apiKey],
    ["other", seed.otherSeller.apiKey],
  ] as const) {
    const context = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Authorization: `Bearer ${key}` } });
    for (const endpoint of made.filter((entry) => entry.client === client)) {
      await context.delete(`/v1/shops/${endpoint.shopId}/webhooks/${endpoint.id}`);
    }
    await context.dispose();
  }
  await receiver.close();
});

/** The seeded customer whose active subscription this spec cancels (lib/seed/marketing.ts). */
const WEBHOOKS_MEMBER_EMAIL = "webhooks.member@example.com";

const unique = (name: string) => `/${name}/${randomUUID()}`;

test("endpoints: create answers the secret once, read, update, rotate, delete; bad input is 422", async ({ seller, shopId }) => {
  const path = unique("ok");
  const response = await seller.post(`/v1/shops/${shopId}/webhooks`, {
    data: { url: receiverUrl(path), description: "ERP", events: ["invoice.completed", "invoice.refunded"] },
  });
  expect(response.status(), await response.text()).toBe(201);
  const created = await response.json();
  made.push({ client: "seller", shopId, id: created.id });
  expect(created).toMatchObject({
    shop_id: shopId,
    url: receiverUrl(path),
    description: "ERP",
    events: ["invoice.completed", "invoice.refunded"],
    enabled: true,
    format: "standard",
    failing_since: null,
    disabled_reason: null,
  });
  expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/=]{32}$/);

  const read = await (await seller.get(`/v1/shops/${shopId}/webhooks/${created.id}`)).json();
  expect(read).not.toHaveProperty("secret");
  expect(read.id).toBe(created.id);
  const list = await (await seller.get(`/v1/shops/${shopId}/webhooks`)).json();
  expect(list.map((endpoint: { id: number }) => endpoint.id)).toContain(created.id);
  expect(JSON.stringify(list)).not.toContain(created.secret);

  const updated = await seller.put(`/v1/shops/${shopId}/webhooks/${created.id}`, { data: { events: [], description: "all" } });
  expect(updated.status(), await updated.text()).toBe(200);
  expect(await updated.json()).toMatchObject({ events: [], description: "all", url: receiverUrl(path) });

  const rotated = await (await seller.post(`/v1/shops/${shopId}/webhooks/${created.id}/secret/rotate`)).json();
  expect(rotated.secret).toMatch(/^whsec_/);
  expect(rotated.secret).not.toBe(created.secret);

  // The new secret signs from now on.
  receiver.register(path, rotated.secret);
  const sent = await seller.post(`/v1/shops/${shopId}/webhooks/${created.id}/test`, { data: { event_type: "invoice.completed" } });
  expect(sent.status(), await sent.text()).toBe(201);
  await eventAt(receiver, path, (event) => event.type === "invoice.completed");

  await expectValidationError(await seller.post(`/v1/shops/${shopId}/webhooks`, { data: { url: "http://10.0.0.1/hook" } }), "url");
  await expectValidationError(await seller.post(`/v1/shops/${shopId}/webhooks`, { data: { url: "ftp://example.com/" } }), "url");
  await expectValidationError(await seller.post(`/v1/shops/${shopId}/webhooks`, { data: {} }), "url");
  await expectValidationError(
    await seller.post(`/v1/shops/${shopId}/webhooks`, { data: { url: receiverUrl("/ok/x"), events: ["invoice.nope"] } }),
    "events.0",
  );
  const telegram = await expectValidationError(
    await seller.post(`/v1/shops/${shopId}/webhooks`, { data: { format: "telegram" } }),
    "telegram_bot_token",
  );
  expect(telegram.errors).toHaveProperty("telegram_chat_id");

  expect((await seller.delete(`/v1/shops/${shopId}/webhooks/${created.id}`)).status()).toBe(200);
  const gone = await seller.get(`/v1/shops/${shopId}/webhooks/${created.id}`);
  expect(gone.status()).toBe(404);
  expect(await gone.json()).toEqual({ message: "Webhook not found." });
});

test("another seller's shop and endpoints are 404", async ({ seller, otherSeller, shopId, foreignShopId }) => {
  const endpoint = await createEndpoint(otherSeller, foreignShopId, { url: receiverUrl(unique("ok")), events: ["subscription.renewed"] });
  made.push({ client: "other", shopId: foreignShopId, id: endpoint.id });
  await expectShopNotFound(await seller.get(`/v1/shops/${foreignShopId}/webhooks`));
  await expectShopNotFound(await seller.get(`/v1/shops/${foreignShopId}/webhooks/${endpoint.id}`));
  await expectShopNotFound(await seller.post(`/v1/shops/${foreignShopId}/webhooks/${endpoint.id}/secret/rotate`));
  // The seller's own shop does not have it either.
  for (const response of [
    await seller.get(`/v1/shops/${shopId}/webhooks/${endpoint.id}`),
    await seller.put(`/v1/shops/${shopId}/webhooks/${endpoint.id}`, { data: { enabled: false } }),
    await seller.delete(`/v1/shops/${shopId}/webhooks/${endpoint.id}`),
    await seller.get(`/v1/shops/${shopId}/webhooks/${endpoint.id}/deliveries`),
    await seller.post(`/v1/shops/${shopId}/webhooks/${endpoint.id}/test`, { data: { event_type: "invoice.created" } }),
  ]) {
    expect(response.status()).toBe(404);
    expect(await response.json()).toEqual({ message: "Webhook not found." });
  }
  expect((await otherSeller.get(`/v1/shops/${foreignShopId}/webhooks/${endpoint.id}`)).status()).toBe(200);
});

test("every event type fires from the action that causes it, signed, with the full current object", async ({
  seller,
  anonymous,
  shopId,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const path = unique("ok");
  const endpoint = await createEndpoint(seller, shopId, { url: receiverUrl(path) }, receiver);
  made.push({ client: "seller", shopId, id: endpoint.id });
  const of = (type: string, match: (event: WebhookBody) => boolean) =>
    eventAt(receiver, path, (event) => event.type === type && match(event));
  const objectId = (id: number) => (event: WebhookBody) => event.data.object.id === id;

  // invoice.created, then invoice.completed (one serial left of two: no stock event yet)
  const product = await serialProduct(seller, shopId, 20);
  const variantId = product.variants[0]!.id;
  const invoice = await createPendingInvoice(seller, shopId, [{ variant_id: variantId, quantity: 1 }]);
  const created = await of("invoice.created", objectId(invoice.id));
  expect(created.data.object).toMatchObject({ id: invoice.id, unique_id: invoice.unique_id, status: "pending", email: invoice.email });
  expect(created.id).toMatch(/^evt_[0-9a-f]{32}$/);
  expect(Date.parse(created.created_at)).not.toBeNaN();
  const completedView = await completeInvoice(seller, shopId, invoice.id);
  const completed = await of("invoice.completed", objectId(invoice.id));
  expect(completed.data.object).toMatchObject({ status: "completed", price: completedView.price });
  expect((completed.data.object.items as { delivered: string[] }[])[0]!.delivered).toEqual(completedView.items[0]!.delivered);

  // invoice.refunded, invoice.cancelled
  expect((await invoiceAction(seller, shopId, invoice.id, "refund")).status()).toBe(200);
  expect((await of("invoice.refunded", objectId(invoice.id))).data.object.status).toBe("refunded");
  const toCancel = await createPendingInvoice(seller, shopId, [{ variant_id: variantId, quantity: 1 }]);
  expect((await invoiceAction(seller, shopId, toCancel.id, "cancel")).status()).toBe(200);
  expect((await of("invoice.cancelled", objectId(toCancel.id))).data.object.status).toBe("cancelled");

  // checkout.abandoned when it is chased, checkout.recovered when it is then paid
  const checkout = await createPendingInvoice(seller, shopId, [{ variant_id: variantId, quantity: 1 }]);
  expect((await seller.post(`/v1/shops/${shopId}/abandoned-checkouts/${checkout.id}/recover`)).status()).toBe(200);
  const abandoned = await of("checkout.abandoned", objectId(checkout.id));
  expect(abandoned.data.object.recovery_sent_at).toBeTruthy();
  await completeInvoice(seller, shopId, checkout.id);
  await of("checkout.recovered", objectId(checkout.id));

  // variant.stock_low when a sale takes the stock below 10, variant.sold_out when it takes the last one
  const lowProduct = await serialProduct(seller, shopId, 10);
  const lowVariant = lowProduct.variants[0]!.id;
  await completeInvoice(seller, shopId, (await createPendingInvoice(seller, shopId, [{ variant_id: lowVariant, quantity: 1 }])).id);
  const low = await of("variant.stock_low", (event) => event.data.variant_id === lowVariant);
  expect(low.data.object).toMatchObject({ id: lowProduct.id });
  expect((low.data.object.variants as { id: number; stock: number }[]).find((variant) => variant.id === lowVariant)!.stock).toBe(9);
  const lastProduct = await serialProduct(seller, shopId, 10);
  const lastVariant = lastProduct.variants[0]!.id;
  await completeInvoice(seller, shopId, (await createPendingInvoice(seller, shopId, [{ variant_id: lastVariant, quantity: 10 }])).id);
  await of("variant.sold_out", (event) => event.data.variant_id === lastVariant);

  // invoice.item.delivered / delivery_failed: dynamic delivery after the commit
  const dynamic = await createProduct(seller, shopId, {
    deliverables_type: "dynamic",
    variants: [
      { name: "Works", price: 3, dynamic_url: receiverUrl(unique("dynamic")) },
      { name: "Fails", price: 3, dynamic_url: receiverUrl(unique("dynamic-fail")) },
    ],
  });
  const dynamicInvoice = await createPendingInvoice(seller, shopId, [
    { variant_id: dynamic.variants[0]!.id, quantity: 1 },
    { variant_id: dynamic.variants[1]!.id, quantity: 1 },
  ]);
  await completeInvoice(seller, shopId, dynamicInvoice.id);
  const delivered = await of("invoice.item.delivered", objectId(dynamicInvoice.id));
  const failed = await of("invoice.item.delivery_failed", objectId(dynamicInvoice.id));
  const items = delivered.data.object.items as { id: number; status: string }[];
  expect(items.find((item) => item.id === delivered.data.item_id)!.status).toBe("completed");
  expect(failed.data.item_id).not.toBe(delivered.data.item_id);

  // coupon.exhausted when a manual invoice takes a coupon's last use
  const code = `WH${randomUUID().slice(0, 8)}`.toUpperCase();
  const coupon = await seller.post(`/v1/shops/${shopId}/coupons`, { data: { code, type: "percentage", discount: 10, max_uses: 1 } });
  expect(coupon.status(), await coupon.text()).toBe(201);
  const withCoupon = await seller.post(`/v1/shops/${shopId}/invoices`, {
    data: { email: "coupon@example.test", coupon_code: code, items: [{ variant_id: variantId, quantity: 1 }] },
  });
  expect(withCoupon.status(), await withCoupon.text()).toBe(201);
  const exhausted = await of("coupon.exhausted", (event) => event.data.object.code === code);
  expect(exhausted.data.object).toMatchObject({ uses: 1, max_uses: 1 });

  // reseller.applied; a reseller purchase is both invoice.created and reseller.invoice.created
  const applicant = await applyAsNewPerson(anonymous, shopId);
  expect((await of("reseller.applied", objectId(applicant.id))).data.object).toMatchObject({ status: "pending" });
  const reseller = await ownReseller(playwright, baseURL, seller, shopId);
  const bought = await reseller.client.post("/v1/reseller/invoices", {
    data: { items: [{ product_id: reseller.product.id, variant_id: reseller.product.variants[0]!.id, quantity: 1 }] },
  });
  expect(bought.status(), await bought.text()).toBe(201);
  const uniqueId = (await bought.json()).unique_id as string;
  const resold = await of("reseller.invoice.created", (event) => event.data.object.unique_id === uniqueId);
  const alsoCreated = await of("invoice.created", (event) => event.data.object.unique_id === uniqueId);
  expect(alsoCreated.id).not.toBe(resold.id);
  // The purchase builds this payload from what it writes (no read back): it is the seller's view of the invoice, to the byte.
  const sellerView = await (await seller.get(`/v1/shops/${shopId}/invoices/${uniqueId}`)).json();
  expect(resold.data.object).toEqual(sellerView);
  expect(alsoCreated.data.object).toEqual(sellerView);
  await reseller.client.dispose();

  // subscription.cancelled: the seeded subscription of a customer kept for this test
  const subscription = (await (await seller.get(`/v1/shops/${shopId}/subscriptions`, { params: { email: WEBHOOKS_MEMBER_EMAIL } })).json())
    .data[0] as { id: number };
  expect((await seller.post(`/v1/shops/${shopId}/subscriptions/${subscription.id}/cancel`)).status()).toBe(200);
  expect((await of("subscription.cancelled", objectId(subscription.id))).data.object.status).toBe("cancelled");

  // Every delivery is logged with its request and the first KB of the answer.
  const log = await deliveries(seller, shopId, endpoint.id, { event_type: "invoice.completed" });
  expect(log.data.length).toBeGreaterThan(0);
  expect(log.data.every((delivery) => delivery.event_type === "invoice.completed")).toBe(true);
  let done: Delivery | undefined;
  for (let page = 1; !done && page <= Math.ceil(log.total / 100); page += 1) {
    const found = await deliveries(seller, shopId, endpoint.id, { event_type: "invoice.completed", page });
    done = found.data.find((delivery) => delivery.event_id === completed.id);
  }
  expect(done, "the delivery of the completion").toBeTruthy();
  const attempt = (await deliveryReaching(seller, shopId, endpoint.id, done!.id, "succeeded")).attempt_log[0]!;
  expect(attempt).toMatchObject({ number: 1, url: receiverUrl(path), response_status: 200, error: null, request_body: done!.payload });
  expect(attempt.request_headers["webhook-id"]).toBe(done!.event_id);
  expect(attempt.request_headers["webhook-signature"]).toMatch(/^v1,/);
  expect(Buffer.byteLength(attempt.response_body!)).toBeLessThanOrEqual(1024);
  expect(attempt.response_body!.startsWith("ok xxx")).toBe(true);
});

test("a reseller purchase's dynamic items are delivered as the seller's are: same request, same events", async ({
  seller,
  shopId,
  playwright,
  baseURL,
}) => {
  const path = unique("ok");
  const endpoint = await createEndpoint(
    seller,
    shopId,
    { url: receiverUrl(path), events: ["invoice.item.delivered", "invoice.item.delivery_failed"] },
    receiver,
  );
  made.push({ client: "seller", shopId, id: endpoint.id });
  const works = unique("dynamic");
  const dynamic = await createProduct(seller, shopId, {
    name: uniqueName("Resold dynamic"),
    deliverables_type: "dynamic",
    variants: [
      { name: "Works", price: 3, dynamic_url: receiverUrl(works) },
      { name: "Fails", price: 3, dynamic_url: receiverUrl(unique("dynamic-fail")) },
    ],
  });
  const fresh = await freshReseller(seller, shopId, 20);
  const client = await resellerClient(playwright, baseURL, fresh.apiKey);
  const bought = await client.post("/v1/reseller/invoices", {
    data: { items: dynamic.variants.map((variant: { id: number }) => ({ product_id: dynamic.id, variant_id: variant.id, quantity: 1 })) },
  });
  expect(bought.status(), await bought.text()).toBe(201);
  const invoice = await bought.json();
  await client.dispose();
  expect(invoice.items[0]).toMatchObject({ status: "completed" });
  expect(invoice.items[0].delivered).toHaveLength(1);
  expect(invoice.items[1]).toMatchObject({ status: "pending", delivered: [] });
  expect(invoice.status).toBe("pending");
  // the reseller's view carries no item ids: the seller's does, with the failure
  const sellerView = await (await seller.get(`/v1/shops/${shopId}/invoices/${invoice.unique_id}`)).json();
  const [delivered, failed] = sellerView.items as { id: number; dynamic_attempts: number; dynamic_last_error: string | null }[];
  expect(delivered).toMatchObject({ dynamic_attempts: 1, dynamic_last_error: null });
  expect(failed).toMatchObject({ dynamic_attempts: 1, dynamic_last_error: "HTTP 500: receiver says no" });

  // the supplier's URL got the seller path's payload and key
  const call = receiver.received.find((entry) => entry.path === works)!;
  expect(call.headers["idempotency-key"]).toBe(`shopdesk-invoice-item-${delivered!.id}-attempt-1`);
  expect(JSON.parse(call.body)).toMatchObject({
    invoice: { unique_id: invoice.unique_id, shop_id: shopId },
    item: { id: delivered!.id, product_id: dynamic.id, variant_id: dynamic.variants[0].id, quantity: 1 },
  });

  const ofInvoice = (type: string, itemId: number) =>
    eventAt(
      receiver,
      path,
      (event) => event.type === type && event.data.object.unique_id === invoice.unique_id && event.data.item_id === itemId,
    );
  const deliveredEvent = await ofInvoice("invoice.item.delivered", delivered!.id);
  const items = deliveredEvent.data.object.items as { id: number; status: string }[];
  expect(items.find((item) => item.id === delivered!.id)!.status).toBe("completed");
  await ofInvoice("invoice.item.delivery_failed", failed!.id);
});

test("a change that is refused and rolled back sends nothing", async ({ seller, shopId }) => {
  const path = unique("ok");
  const endpoint = await createEndpoint(
    seller,
    shopId,
    { url: receiverUrl(path), events: ["invoice.created", "invoice.cancelled"] },
    receiver,
  );
  made.push({ client: "seller", shopId, id: endpoint.id });
  const product = await serialProduct(seller, shopId, 2);
  const invoice = await completeInvoice(
    seller,
    shopId,
    (await createPendingInvoice(seller, shopId, [{ variant_id: product.variants[0]!.id, quantity: 1 }])).id,
  );
  // A coupon with no use left: the invoice is refused after the coupon was looked up; nothing is created.
  const code = `WH${randomUUID().slice(0, 8)}`.toUpperCase();
  expect((await seller.post(`/v1/shops/${shopId}/coupons`, { data: { code, type: "fixed", discount: 1, max_uses: 1 } })).status()).toBe(
    201,
  );
  const email = `rolled-back-${randomUUID()}@example.test`;
  const first = await seller.post(`/v1/shops/${shopId}/invoices`, {
    data: { email, coupon_code: code, items: [{ variant_id: product.variants[0]!.id, quantity: 1 }] },
  });
  expect(first.status()).toBe(201);
  const refused = await seller.post(`/v1/shops/${shopId}/invoices`, {
    data: { email, coupon_code: code, items: [{ variant_id: product.variants[0]!.id, quantity: 1 }] },
  });
  await expectValidationError(refused, "coupon_code");
  // Cancelling a completed invoice is refused inside the locked transaction.
  await expectValidationError(await invoiceAction(seller, shopId, invoice.id, "cancel"), "status");

  // The created invoice's event arrives; nothing for the refused ones.
  await eventAt(receiver, path, (event) => event.type === "invoice.created" && event.data.object.email === email);
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const events = receiver.received.filter((entry) => entry.path === path).map((entry) => entry.verified!);
  expect(events.filter((event) => event.data.object.email === email)).toHaveLength(1);
  expect(events.filter((event) => event.type === "invoice.cancelled" && event.data.object.id === invoice.id)).toHaveLength(0);
  const log = await deliveries(seller, shopId, endpoint.id);
  expect(log.data.filter((delivery) => JSON.parse(delivery.payload).data.object.email === email)).toHaveLength(1);
});

test("a failing endpoint is retried with backoff, then the delivery fails; a success is not retried", async ({
  otherSeller,
  foreignShopId: shopId,
}) => {
  const path = unique("fail");
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
  otherSeller,
  foreignShopId: shopId,
}) => {
  const path = unique("fail");
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

test("redeliver sends the same event again as a new delivery; test sends a sample of the chosen type", async ({ seller, shopId }) => {
  const path = unique("ok");
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

test("discord and telegram formats post readable sale, refund and stock alerts to their APIs", async ({ seller, shopId }) => {
  const discordPath = unique("discord");
  const discord = await createEndpoint(seller, shopId, {
    format: "discord",
    url: receiverUrl(discordPath),
    events: ["subscription.renewed"],
  });
  made.push({ client: "seller", shopId, id: discord.id });
  const telegram = await createEndpoint(seller, shopId, {
    format: "telegram",
    telegram_bot_token: "123456:ABC-secret_token",
    telegram_chat_id: "-1001234567",
    events: ["subscription.renewed"],
  });
  made.push({ client: "seller", shopId, id: telegram.id });
  const telegramView = await (await seller.get(`/v1/shops/${shopId}/webhooks/${telegram.id}`)).json();
  expect(telegramView).toMatchObject({ format: "telegram", url: null, telegram_chat_id: "-1001234567", has_telegram_bot_token: true });
  expect(JSON.stringify(telegramView)).not.toContain("ABC-secret_token");

  for (const type of ["invoice.completed", "invoice.refunded", "variant.stock_low"]) {
    expect((await seller.post(`/v1/shops/${shopId}/webhooks/${discord.id}/test`, { data: { event_type: type } })).status()).toBe(201);
    expect((await seller.post(`/v1/shops/${shopId}/webhooks/${telegram.id}/test`, { data: { event_type: type } })).status()).toBe(201);
  }
  await expect.poll(() => receiver.received.filter((entry) => entry.path === discordPath).length).toBe(3);
  // The Discord URL's last segment is the channel's token: shown masked, never logged, kept when a form sends the masked URL back.
  const channelToken = discordPath.split("/").at(-1)!;
  const discordView = await (await seller.get(`/v1/shops/${shopId}/webhooks/${discord.id}`)).json();
  expect(discordView.url).toBe(receiverUrl(`/discord/****${channelToken.slice(-4)}`));
  await expect.poll(async () => (await deliveries(seller, shopId, discord.id, { status: "succeeded" })).total).toBe(3);
  expect(JSON.stringify(await deliveries(seller, shopId, discord.id))).not.toContain(channelToken);
  const resaved = await seller.put(`/v1/shops/${shopId}/webhooks/${discord.id}`, {
    data: { url: discordView.url, description: "resaved" },
  });
  expect(resaved.status(), await resaved.text()).toBe(200);
  expect(
    (await seller.post(`/v1/shops/${shopId}/webhooks/${discord.id}/test`, { data: { event_type: "invoice.completed" } })).status(),
  ).toBe(201);
  await expect.poll(() => receiver.received.filter((entry) => entry.path === discordPath).length).toBe(4);
  const embeds = receiver.received.filter((entry) => entry.path === discordPath).map((entry) => JSON.parse(entry.body).embeds[0]);
  expect(embeds.map((embed) => embed.title).sort()).toEqual(["↩️ Refund", "⚠️ Stock running low", "💰 New sale", "💰 New sale"].sort());
  expect(embeds.every((embed) => typeof embed.description === "string" && embed.description.length > 0)).toBe(true);

  const telegramPath = "/telegram/bot123456:ABC-secret_token/sendMessage";
  await expect.poll(() => receiver.received.filter((entry) => entry.path === telegramPath).length).toBe(3);
  const messages = receiver.received.filter((entry) => entry.path === telegramPath).map((entry) => JSON.parse(entry.body));
  expect(messages.every((message) => message.chat_id === "-1001234567")).toBe(true);
  expect(messages.map((message) => message.text.split("\n")[0]).sort()).toEqual(
    ["↩️ Refund", "⚠️ Stock running low", "💰 New sale"].sort(),
  );

  // The log never shows the bot token.
  await expect.poll(async () => (await deliveries(seller, shopId, telegram.id, { status: "succeeded" })).total).toBe(3);
  const log = await deliveries(seller, shopId, telegram.id);
  expect(JSON.stringify(log)).not.toContain("ABC-secret_token");
  expect(log.data[0]!.attempt_log[0]!.url).toMatch(/\/bot<token>\/sendMessage$/);
});

test("an endpoint whose name resolves to an internal address is refused at send time, and logged", async ({
  otherSeller,
  foreignShopId: shopId,
}) => {
  // localhost is refused as written; a public-looking name that fails to resolve is a logged failure, never a call.
  await expectValidationError(await otherSeller.post(`/v1/shops/${shopId}/webhooks`, { data: { url: "http://localhost:1/hook" } }), "url");
  const endpoint = await createEndpoint(otherSeller, shopId, {
    url: `https://${uniqueName("nx").replace(/[^a-z0-9]/gi, "")}.invalid/hook`,
    events: ["subscription.renewed"],
  });
  made.push({ client: "other", shopId, id: endpoint.id });
  const sent = await (
    await otherSeller.post(`/v1/shops/${shopId}/webhooks/${endpoint.id}/test`, { data: { event_type: "invoice.created" } })
  ).json();
  const failed = await deliveryReaching(otherSeller, shopId, endpoint.id, sent.id, "failed");
  expect(failed.attempt_log[0]!.response_status).toBeNull();
  expect(failed.attempt_log[0]!.error).toBeTruthy();
});
