import { randomUUID } from "node:crypto";
import { expectValidationError } from "../support/api";
import { createProduct, uniqueName } from "../support/catalog";
import { completeInvoice, createPendingInvoice, invoiceAction } from "../support/invoices";
import { ownReseller, serialProduct } from "../support/openapi-records";
import { freshReseller, resellerClient } from "../support/reseller";
import { applyAsNewPerson } from "../support/reseller-portal";
import {
  createEndpoint,
  deliveries,
  deliveryReaching,
  eventAt,
  expect,
  receiverUrl,
  test,
  uniquePath,
  type Delivery,
  type WebhookBody,
} from "../support/webhook-receiver";

/**
 * Seller webhooks over real HTTP, against the local receiver of e2e/support/webhook-receiver.ts (which
 * says how it answers and the server's webhook timings). Every event type fired by the action that
 * causes it, a reseller purchase's dynamic items, a refused change that sends nothing.
 */

/** The seeded customer whose active subscription this spec cancels (lib/seed/marketing.ts). */
const WEBHOOKS_MEMBER_EMAIL = "webhooks.member@example.com";

// In order, in one worker: the tests take turns holding the receiver's port and would only wait on each other.
test.describe.configure({ mode: "default" });

test("every event type fires from the action that causes it, signed, with the full current object", async ({
  receiver,
  made,
  seller,
  anonymous,
  shopId,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const path = uniquePath("ok");
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
      { name: "Works", price: 3, dynamic_url: receiverUrl(uniquePath("dynamic")) },
      { name: "Fails", price: 3, dynamic_url: receiverUrl(uniquePath("dynamic-fail")) },
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
  receiver,
  made,
  seller,
  shopId,
  playwright,
  baseURL,
}) => {
  const path = uniquePath("ok");
  const endpoint = await createEndpoint(
    seller,
    shopId,
    { url: receiverUrl(path), events: ["invoice.item.delivered", "invoice.item.delivery_failed"] },
    receiver,
  );
  made.push({ client: "seller", shopId, id: endpoint.id });
  const works = uniquePath("dynamic");
  const dynamic = await createProduct(seller, shopId, {
    name: uniqueName("Resold dynamic"),
    deliverables_type: "dynamic",
    variants: [
      { name: "Works", price: 3, dynamic_url: receiverUrl(works) },
      { name: "Fails", price: 3, dynamic_url: receiverUrl(uniquePath("dynamic-fail")) },
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

test("a change that is refused and rolled back sends nothing", async ({ receiver, made, seller, shopId }) => {
  const path = uniquePath("ok");
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
