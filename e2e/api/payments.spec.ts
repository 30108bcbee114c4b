import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "../support/api";
import {
  CARDPROC_API_KEY,
  buyerEmail,
  checkout,
  enableGateways,
  eventId,
  paymentSucceeded,
  postEvent,
  signedEvent,
  stockedProduct,
} from "../support/checkout";
import { REFUSED_MARK, startCardStandIn } from "../support/cardproc-standin";
import type { Listener } from "../support/outbound";

/**
 * CARDPROC: the checkout creates the processor's hosted checkout through its
 * official package, against a local stand-in of the processor's API (the
 * server's CARDPROC_API_BASE, e2e/scripts/test.sh); the webhook is fed
 * events signed with the package's own test helper. The stand-in listens on
 * one port, so this file runs in one worker, test after test, holding it.
 */
test.describe.configure({ mode: "serial" });

let standIn: Listener;

test.beforeAll(async () => {
  test.setTimeout(180_000); // the stand-in's port may be held by another worker's test for a while
  standIn = await startCardStandIn();
});

test.afterAll(async () => standIn?.close());
test.beforeEach(async ({ seller, shopId }) => enableGateways(seller, shopId));

async function sellerInvoice(seller: APIRequestContext, shopId: number, ref: string | number) {
  const response = await seller.get(`/v1/shops/${shopId}/invoices/${ref}`);
  expect(response.status()).toBe(200);
  return response.json();
}

async function cardCheckout(seller: APIRequestContext, shopId: number, quantity = 2, price = 10) {
  const product = await stockedProduct(seller, shopId, { price, serials: 5 });
  const email = buyerEmail();
  const response = await checkout(seller, shopId, {
    cart: [{ productId: product.productId, variantId: product.variantId, quantity }],
    email,
    gateway: "CARDPROC",
  });
  expect(response.status(), await response.text()).toBe(201);
  const body = await response.json();
  const invoice = await sellerInvoice(seller, shopId, body.unique_id);
  return { body, invoice, product, email };
}

test("a CARDPROC checkout creates the processor's checkout through its package, against the stand-in", async ({
  seller,
  shopId,
  anonymous,
}) => {
  const before = standIn.received.length;
  const { body, invoice } = await cardCheckout(seller, shopId, 3, 4.99);
  expect(body.url).toMatch(/^https:\/\/checkout\.cardproc\.test\/c\/pay\/cs_test_standin\d+$/);
  const call = standIn.received.slice(before).find((request) => request.path === "/v1/checkout/sessions")!;
  expect(call.headers.authorization).toBe(`Bearer ${CARDPROC_API_KEY}`);
  expect(call.headers["idempotency-key"]).toBe(`checkout-${body.unique_id}`);
  const form = new URLSearchParams(call.body);
  expect(form.get("line_items[0][price_data][unit_amount]")).toBe("1497");
  expect(form.get("line_items[0][price_data][currency]")).toBe("usd");
  expect(form.get("payment_intent_data[metadata][invoice_id]")).toBe(String(invoice.id));
  expect(form.get("success_url")).toMatch(new RegExp(`/invoice/${body.unique_id}$`));
  expect(invoice).toMatchObject({ status: "pending", gateway: "CARDPROC", price: "14.97" });
  expect(invoice.cardproc_pi_id).toMatch(/^pi_standin\d+$/);
  const page = await (await anonymous.get(`/v1/buyer/invoices/${body.unique_id}`)).json();
  expect(page.payment).toMatchObject({ gateway: "CARDPROC", kind: "card", url: body.url });
});

test("the processor refusing the payment: 502, and the invoice is failed, not left pending", async ({ seller, shopId }) => {
  const product = await stockedProduct(seller, shopId);
  const email = `${REFUSED_MARK}-${buyerEmail()}`;
  const response = await checkout(seller, shopId, {
    cart: [{ productId: product.productId, variantId: product.variantId, quantity: 1 }],
    email,
    gateway: "CARDPROC",
  });
  expect(response.status()).toBe(502);
  expect(await response.json()).toEqual({ message: "The payment processor could not start the payment. Try again." });
  const list = await (await seller.get(`/v1/shops/${shopId}/invoices`, { params: { email, perPage: 5 } })).json();
  expect(list.data.map((row: { status: string }) => row.status)).toEqual(["failed"]);
});

test("a full sale: checkout, the signed payment event, keys on the buyer's page, in the seller's list, stats and notifications", async ({
  seller,
  shopId,
  anonymous,
}) => {
  const { body, invoice, product, email } = await cardCheckout(seller, shopId, 2, 10);
  const event = paymentSucceeded(invoice, shopId, 2000);
  const delivered = await postEvent(anonymous, shopId, signedEvent(event));
  expect(delivered.status(), await delivered.text()).toBe(200);
  expect(await delivered.json()).toEqual({ received: true, duplicate: false, applied: "invoice completed" });

  const page = await (await anonymous.get(`/v1/buyer/invoices/${body.unique_id}`)).json();
  expect(page.status).toBe("completed");
  expect(page.items[0].delivered).toEqual(product.keys.slice(0, 2));
  expect(JSON.stringify(page)).not.toMatch(/"(id|shop_id|customer_id|dashboard_note|ip)"/);

  const completed = await sellerInvoice(seller, shopId, invoice.id);
  expect(completed).toMatchObject({ status: "completed", paid: "20.00", cardproc_pi_id: `pi_${invoice.unique_id}` });
  const list = await (await seller.get(`/v1/shops/${shopId}/invoices`, { params: { email, perPage: 5 } })).json();
  expect(list.data.map((row: { id: number; status: string }) => [row.id, row.status])).toEqual([[invoice.id, "completed"]]);
  const stats = await (await seller.get(`/v1/shops/${shopId}/stats`, { params: { days: 1 } })).json();
  expect(stats.by_gateway.find((row: { gateway: string }) => row.gateway === "CARDPROC").orders).toBeGreaterThanOrEqual(1);
  expect(stats.recent_invoices.map((row: { id: number }) => row.id)).toContain(invoice.id);
  const notifications = await (await seller.get(`/v1/shops/${shopId}/notifications/page`, { params: { perPage: 100 } })).json();
  const about = notifications.data.filter((n: { description: string }) => n.description.startsWith(`Invoice #${invoice.id} `));
  expect(about.map((n: { title: string }) => n.title)).toEqual(["Invoice completed"]);

  // The same event again (a redelivery or a replay) and another event of the same payment: nothing more happens.
  const replayed = await postEvent(anonymous, shopId, signedEvent(event));
  expect(await replayed.json()).toEqual({ received: true, duplicate: true, applied: "already handled" });
  const session = await postEvent(
    anonymous,
    shopId,
    signedEvent({
      id: eventId(),
      type: "checkout.session.completed",
      object: {
        id: "cs_test_x",
        object: "checkout.session",
        payment_status: "paid",
        amount_total: 2000,
        currency: "usd",
        payment_intent: `pi_${invoice.unique_id}`,
        metadata: event.object.metadata,
      },
    }),
  );
  expect(await session.json()).toMatchObject({ duplicate: false, applied: "invoice already completed" });
  const after = await sellerInvoice(seller, shopId, invoice.id);
  expect(after.items[0].delivered).toEqual(product.keys.slice(0, 2));
  const again = await (await seller.get(`/v1/shops/${shopId}/notifications/page`, { params: { perPage: 100 } })).json();
  expect(again.data.filter((n: { description: string }) => n.description.startsWith(`Invoice #${invoice.id} `))).toHaveLength(1);
});

test("concurrent deliveries of one event complete the invoice once", async ({ seller, shopId, anonymous }) => {
  const { invoice, product } = await cardCheckout(seller, shopId, 1, 10);
  const signed = signedEvent(paymentSucceeded(invoice, shopId, 1000));
  const answers = await Promise.all(Array.from({ length: 5 }, () => postEvent(anonymous, shopId, signed)));
  const bodies = await Promise.all(answers.map((answer) => answer.json()));
  expect(bodies.filter((body) => body.duplicate === false)).toHaveLength(1);
  expect((await sellerInvoice(seller, shopId, invoice.id)).items[0].delivered).toEqual(product.keys.slice(0, 1));
});

test("signatures: a wrong secret, a tampered body, a stale timestamp, none at all; an unknown shop", async ({
  seller,
  shopId,
  anonymous,
}) => {
  const { invoice } = await cardCheckout(seller, shopId, 1, 10);
  const event = paymentSucceeded(invoice, shopId, 1000);
  const wrong = await postEvent(anonymous, shopId, signedEvent(event, { secret: "whsec_someoneElsesSecret" }));
  expect([wrong.status(), await wrong.text()]).toEqual([400, "Invalid signature."]);
  const good = signedEvent(event);
  const tampered = await postEvent(anonymous, shopId, {
    header: good.header,
    payload: good.payload.replace('"amount":1000', '"amount":1'),
  });
  expect([tampered.status(), await tampered.text()]).toEqual([400, "Invalid signature."]);
  const stale = await postEvent(anonymous, shopId, signedEvent(event, { timestamp: Math.floor(Date.now() / 1000) - 3600 }));
  expect([stale.status(), await stale.text()]).toEqual([400, "Request expired."]);
  const unsigned = await anonymous.post(`/v1/payments/cardproc/${shopId}/webhook`, {
    data: good.payload,
    headers: { "Content-Type": "application/json" },
  });
  expect([unsigned.status(), await unsigned.text()]).toEqual([400, "Missing signature."]);
  const unknown = await postEvent(anonymous, 999999999, good);
  expect([unknown.status(), await unknown.text()]).toEqual([404, "Unknown webhook."]);
  // None of them did anything.
  expect((await sellerInvoice(seller, shopId, invoice.id)).status).toBe("pending");
});

test("an amount below the invoice's does not complete it; the seller is told", async ({ seller, shopId, anonymous }) => {
  const { invoice } = await cardCheckout(seller, shopId, 1, 10);
  const answer = await postEvent(anonymous, shopId, signedEvent(paymentSucceeded(invoice, shopId, 500)));
  expect(await answer.json()).toMatchObject({ applied: "amount mismatch" });
  expect((await sellerInvoice(seller, shopId, invoice.id)).status).toBe("pending");
});

test("a refund event marks the invoice refunded; a dispute records its state; both notify the seller", async ({
  seller,
  shopId,
  anonymous,
}) => {
  const { invoice } = await cardCheckout(seller, shopId, 1, 10);
  await postEvent(anonymous, shopId, signedEvent(paymentSucceeded(invoice, shopId, 1000)));
  const intent = `pi_${invoice.unique_id}`;

  const dispute = (type: string, status: string) =>
    signedEvent({
      id: eventId(),
      type,
      object: {
        id: `dp_${invoice.unique_id}`,
        object: "dispute",
        amount: 1000,
        currency: "usd",
        charge: "ch_1",
        payment_intent: intent,
        reason: "fraudulent",
        status,
        metadata: {},
      },
    });
  const opened = await postEvent(anonymous, shopId, dispute("charge.dispute.created", "needs_response"));
  expect(await opened.json()).toMatchObject({ applied: "dispute needs_response" });
  expect((await sellerInvoice(seller, shopId, invoice.id)).cardproc_dispute_status).toBe("needs_response");

  const refunded = await postEvent(
    anonymous,
    shopId,
    signedEvent({
      id: eventId(),
      type: "charge.refunded",
      object: {
        id: "ch_1",
        object: "charge",
        amount: 1000,
        amount_refunded: 1000,
        currency: "usd",
        refunded: true,
        payment_intent: intent,
        metadata: {},
      },
    }),
  );
  expect(await refunded.json()).toMatchObject({ applied: "invoice refunded" });
  expect((await sellerInvoice(seller, shopId, invoice.id)).status).toBe("refunded");

  const notifications = await (await seller.get(`/v1/shops/${shopId}/notifications/page`, { params: { perPage: 100 } })).json();
  const titles = notifications.data
    .filter((n: { description: string }) => new RegExp(`^Invoice #${invoice.id}\\b`).test(n.description))
    .map((n: { title: string }) => n.title);
  expect(titles).toEqual(expect.arrayContaining(["Invoice completed", "Payment disputed", "Invoice refunded"]));
});

test("a partial refund is recorded on the completed invoice; the rest of it refunds it", async ({ seller, shopId, anonymous }) => {
  const { invoice } = await cardCheckout(seller, shopId, 2, 10);
  await postEvent(anonymous, shopId, signedEvent(paymentSucceeded(invoice, shopId, 2000)));
  const refund = (refundedMinor: number) =>
    signedEvent({
      id: eventId(),
      type: "charge.refunded",
      object: {
        id: `ch_${invoice.unique_id}`,
        object: "charge",
        amount: 2000,
        amount_refunded: refundedMinor,
        currency: "usd",
        refunded: refundedMinor === 2000,
        payment_intent: `pi_${invoice.unique_id}`,
        metadata: {},
      },
    });
  expect(await (await postEvent(anonymous, shopId, refund(500))).json()).toMatchObject({ applied: "invoice partly refunded" });
  expect(await sellerInvoice(seller, shopId, invoice.id)).toMatchObject({ status: "completed", refunded_amount: "5.00" });
  expect(await (await postEvent(anonymous, shopId, refund(2000))).json()).toMatchObject({ applied: "invoice refunded" });
  expect(await sellerInvoice(seller, shopId, invoice.id)).toMatchObject({ status: "refunded", refunded_amount: "20.00" });
  const notifications = await (await seller.get(`/v1/shops/${shopId}/notifications/page`, { params: { perPage: 100 } })).json();
  expect(notifications.data.map((n: { title: string; description: string }) => [n.title, n.description])).toContainEqual([
    "Invoice partly refunded",
    `Invoice #${invoice.id}: 5.00 of 20.00 USD refunded by the card processor; the invoice stays completed`,
  ]);
});

test("a payment for a cancelled invoice completes nothing and tells the seller", async ({ seller, shopId, anonymous }) => {
  const { invoice } = await cardCheckout(seller, shopId, 1, 10);
  expect((await seller.post(`/v1/shops/${shopId}/invoices/${invoice.id}/cancel`)).status()).toBe(200);
  const answer = await postEvent(anonymous, shopId, signedEvent(paymentSucceeded(invoice, shopId, 1000)));
  expect(await answer.json()).toMatchObject({ applied: "late payment for a cancelled invoice" });
  const after = await sellerInvoice(seller, shopId, invoice.id);
  expect(after.status).toBe("cancelled");
  expect(after.items[0].delivered).toEqual([]);
  const notifications = await (await seller.get(`/v1/shops/${shopId}/notifications/page`, { params: { perPage: 100 } })).json();
  expect(notifications.data.map((n: { title: string; description: string }) => [n.title, n.description.split(" is ")[0]])).toContainEqual([
    "Payment received for a closed invoice",
    `Invoice #${invoice.id}`,
  ]);
});
