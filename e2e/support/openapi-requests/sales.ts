import { randomUUID } from "node:crypto";
import { expect } from "../api";
import { uniqueName } from "../catalog";
import { BITCOIN_ADDRESS, buyerEmail, enableGateways, eventId, signedEvent, stockedProduct } from "../checkout";
import { GIFT_CARD, completeInvoice, createPendingInvoice, seededVariantId } from "../invoices";
import { completedInvoice, invoiceIn, pendingInvoice, serialProduct } from "../openapi-records";
import { addPaymentMethod, ownShop } from "../payment-methods";
import { shopRecord, type Call, type Context } from "./context";

/** Invoices, the checkout and payments, invoice actions, abandoned checkouts, customers and the blacklist, subscriptions. */
export const salesCalls: Record<string, Call> = {
  // invoices
  listInvoices: ({ send, shopId }) => send("listInvoices", { params: { shopId }, query: { perPage: 10, "statuses[]": "completed" } }),
  createInvoice: async ({ send, seller, shopId }) => {
    const product = await serialProduct(seller, shopId);
    return send("createInvoice", {
      params: { shopId },
      data: { email: "buyer@example.test", items: [{ variant_id: product.variants[0]!.id, quantity: 1 }] },
    });
  },
  // checkout and payments (the shop's gateways are set to e2e/support/checkout.ts's values first, as the checkout specs do)
  createCheckout: async ({ send, seller, shopId }) => {
    await enableGateways(seller, shopId);
    const product = await stockedProduct(seller, shopId, { serials: 1 });
    return send("createCheckout", {
      params: { shopId },
      data: { cart: [{ productId: product.productId, variantId: product.variantId, quantity: 1 }], email: buyerEmail(), gateway: "MANUAL" },
    });
  },
  getBuyerInvoice: async ({ send, seller, anonymous, shopId }) =>
    send("getBuyerInvoice", { client: anonymous, params: { uniqueId: (await completedInvoice(seller, shopId)).unique_id } }),
  chooseBuyerInvoiceGateway: async ({ send, seller, anonymous, shopId }) => {
    await enableGateways(seller, shopId);
    const product = await stockedProduct(seller, shopId, { serials: 1 });
    const made = await seller.post(`/v1/shops/${shopId}/checkout`, {
      data: { cart: [{ productId: product.productId, variantId: product.variantId, quantity: 1 }], email: buyerEmail() },
    });
    expect(made.status(), await made.text()).toBe(201);
    const { unique_id } = (await made.json()) as { unique_id: string };
    return send("chooseBuyerInvoiceGateway", { client: anonymous, params: { uniqueId: unique_id }, data: { gateway: "BTC" } });
  },
  getShopSettings: ({ send, shopId }) => send("getShopSettings", { params: { shopId } }),
  updateShopSettings: async ({ send, seller, shopId }) => {
    await enableGateways(seller, shopId);
    return send("updateShopSettings", { params: { shopId }, data: { bitcoin_address: BITCOIN_ADDRESS } });
  },
  // payment methods: writes go to a shop of the test's own (the demo shop's gateways stay as the checkout specs set them)
  listPaymentMethods: async ({ send, seller, shopId }) => {
    await enableGateways(seller, shopId);
    return send("listPaymentMethods", { params: { shopId } });
  },
  getPaymentMethod: async ({ send, seller, shopId }) => {
    await enableGateways(seller, shopId);
    const list = await (await seller.get(`/v1/shops/${shopId}/payment-methods`)).json();
    return send("getPaymentMethod", { params: { shopId, paymentMethodId: list.data[0].id } });
  },
  createPaymentMethod: async (context) => {
    const shop = await ownShop(context.playwright, context.baseURL, context.anonymous, context.shopId);
    return context.send("createPaymentMethod", {
      client: shop.client,
      params: { shopId: shop.shopId },
      data: { gateway: "BTC", display_name: "Bitcoin", min_amount: 5, settings: { bitcoin_address: BITCOIN_ADDRESS } },
    });
  },
  updatePaymentMethod: async (context) => {
    const { client, shopId, method } = await ownShopWithManual(context);
    return context.send("updatePaymentMethod", {
      client,
      params: { shopId, paymentMethodId: method.id },
      data: { display_name: "Bank transfer", max_amount: 500, fee_percent: -5 },
    });
  },
  deletePaymentMethod: async (context) => {
    const { client, shopId, method } = await ownShopWithManual(context);
    return context.send("deletePaymentMethod", { client, params: { shopId, paymentMethodId: method.id } });
  },
  togglePaymentMethod: async (context) => {
    const { client, shopId, method } = await ownShopWithManual(context);
    return context.send("togglePaymentMethod", { client, params: { shopId, paymentMethodId: method.id } });
  },
  orderPaymentMethods: async (context) => {
    const { client, shopId, method } = await ownShopWithManual(context);
    return context.send("orderPaymentMethods", { client, params: { shopId }, data: { paymentMethods: [method.id] } });
  },
  receiveCardprocWebhook: async ({ send, seller, anonymous, shopId }) => {
    await enableGateways(seller, shopId);
    const signed = signedEvent({ id: eventId(), type: "customer.created", object: { id: "cus_1", object: "customer" } });
    return send("receiveCardprocWebhook", {
      client: anonymous,
      params: { shopId },
      headers: { "Stripe-Signature": signed.header, "Content-Type": "application/json" },
      data: signed.payload,
    });
  },
  getInvoice: async ({ send, seller, shopId }) =>
    send("getInvoice", { params: { shopId, invoiceId: (await completedInvoice(seller, shopId)).unique_id } }),

  // invoice actions, each on an invoice of the test's own
  setInvoiceStatus: async ({ send, seller, shopId }) =>
    send("setInvoiceStatus", { params: { shopId, invoiceId: (await pendingInvoice(seller, shopId)).id }, data: { status: "completed" } }),
  archiveInvoice: async ({ send, seller, shopId }) =>
    send("archiveInvoice", { params: { shopId, invoiceId: (await pendingInvoice(seller, shopId)).id } }),
  unarchiveInvoice: async ({ send, seller, shopId }) => {
    const invoice = await invoiceIn(seller, shopId, (await pendingInvoice(seller, shopId)).id, "archive");
    return send("unarchiveInvoice", { params: { shopId, invoiceId: invoice.id } });
  },
  cancelInvoice: async ({ send, seller, shopId }) =>
    send("cancelInvoice", { params: { shopId, invoiceId: (await pendingInvoice(seller, shopId)).id } }),
  refundInvoice: async ({ send, seller, shopId }) =>
    send("refundInvoice", { params: { shopId, invoiceId: (await completedInvoice(seller, shopId)).id } }),
  unrefundInvoice: async ({ send, seller, shopId }) => {
    const refunded = await invoiceIn(seller, shopId, (await completedInvoice(seller, shopId)).id, "refund");
    return send("unrefundInvoice", { params: { shopId, invoiceId: refunded.id } });
  },
  reverseAffiliateCommission: async ({ send, seller, shopId }) => {
    // Only seeded orders carry a credited commission. invoice-actions.spec.ts takes the
    // first one from the lowest id up; this takes one from the highest down.
    const page = await (
      await seller.get(`/v1/shops/${shopId}/invoices`, {
        params: { "statuses[]": "completed", manual: 0, orderColumn: "id", orderDirection: "asc", perPage: 100 },
      })
    ).json();
    for (const { id } of [...(page.data as { id: number }[])].reverse()) {
      const response = await send("reverseAffiliateCommission", { params: { shopId, invoiceId: id } });
      if (response.status() !== 422) return response;
    }
    throw new Error("no seeded invoice with a credited affiliate commission is left");
  },
  setDashboardNote: async ({ send, seller, shopId }) =>
    send("setDashboardNote", {
      params: { shopId, invoiceId: (await pendingInvoice(seller, shopId)).id },
      data: { dashboard_note: "Call back" },
    }),
  setPaidAmount: async ({ send, seller, shopId }) =>
    send("setPaidAmount", {
      params: { shopId, invoiceId: (await pendingInvoice(seller, shopId)).id },
      data: { paid: 4.99, paid_usd: 4.99 },
    }),
  shipInvoice: async ({ send, seller, shopId }) =>
    send("shipInvoice", {
      params: { shopId, invoiceId: (await completedInvoice(seller, shopId)).id },
      data: { tracking_code: "TRACK-1", tracking_link: "https://tracking.example.test/TRACK-1" },
    }),
  deliverInvoice: async ({ send, seller, shopId }) =>
    send("deliverInvoice", { params: { shopId, invoiceId: (await pendingInvoice(seller, shopId)).id } }),
  getInvoicePdf: async ({ send, seller, shopId }) => {
    const response = await send("getInvoicePdf", { params: { shopId, invoiceId: (await completedInvoice(seller, shopId)).id } });
    expect((await response.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
    return response;
  },
  getInvoiceEmailPreview: async ({ send, seller, shopId }) =>
    send("getInvoiceEmailPreview", { params: { shopId, invoiceId: (await completedInvoice(seller, shopId)).unique_id } }),
  processInvoice: async ({ send, seller, shopId }) =>
    send("processInvoice", { params: { shopId, invoiceId: (await completedInvoice(seller, shopId)).id } }),
  replaceDelivered: async ({ send, seller, shopId }) => {
    const invoice = await completedInvoice(seller, shopId);
    return send("replaceDelivered", {
      params: { shopId, invoiceId: invoice.id },
      data: { invoice_item_id: invoice.items[0]!.id, replacements: { "0": `REPLACED-${randomUUID()}` } },
    });
  },
  redoDynamicDelivery: async ({ send, seller, shopId }) => {
    // The seeded gift card is delivered by this server's own receiver (shop-to-shop reselling).
    const pending = await createPendingInvoice(seller, shopId, [
      { variant_id: await seededVariantId(seller, shopId, ...GIFT_CARD), quantity: 1 },
    ]);
    const invoice = await completeInvoice(seller, shopId, pending.id);
    return send("redoDynamicDelivery", { params: { shopId, invoiceId: invoice.id }, data: { invoice_item_id: invoice.items[0]!.id } });
  },
  resendInvoiceEmail: async ({ send, seller, shopId }) =>
    send("resendInvoiceEmail", { params: { shopId, invoiceId: (await completedInvoice(seller, shopId)).id }, data: {} }),

  // abandoned checkouts (pending invoices of the test's own)
  listAbandonedCheckouts: ({ send, shopId }) => send("listAbandonedCheckouts", { params: { shopId }, query: { perPage: 5, type: "all" } }),
  getAbandonedCheckoutStats: ({ send, shopId }) => send("getAbandonedCheckoutStats", { params: { shopId } }),
  dismissAbandonedCheckout: async ({ send, seller, shopId }) =>
    send("dismissAbandonedCheckout", { params: { shopId, invoiceId: (await pendingInvoice(seller, shopId)).id } }),
  undismissAbandonedCheckout: async ({ send, seller, shopId }) => {
    const invoice = await pendingInvoice(seller, shopId);
    expect((await seller.post(`/v1/shops/${shopId}/abandoned-checkouts/${invoice.id}/dismiss`)).status()).toBe(200);
    return send("undismissAbandonedCheckout", { params: { shopId, invoiceId: invoice.unique_id } });
  },
  recoverAbandonedCheckout: async ({ send, seller, shopId }) => {
    const coupon = await shopRecord(seller, `/v1/shops/${shopId}/coupons`, {
      code: uniqueName("BACK").replace(/\W/g, ""),
      type: "fixed",
      discount: 1,
    });
    return send("recoverAbandonedCheckout", {
      params: { shopId, invoiceId: (await pendingInvoice(seller, shopId)).id },
      data: { coupon_id: coupon.id },
    });
  },
  bulkRecoverAbandonedCheckouts: async ({ send, seller, shopId }) => {
    const invoices = [await pendingInvoice(seller, shopId), await pendingInvoice(seller, shopId)];
    return send("bulkRecoverAbandonedCheckouts", { params: { shopId }, data: { invoice_ids: invoices.map((invoice) => invoice.id) } });
  },

  // customers and the blacklist: records of their own, with unique values no other test's buyer has
  listCustomers: ({ send, shopId }) => send("listCustomers", { params: { shopId }, query: { perPage: 5, orderColumn: "email" } }),
  createCustomer: ({ send, shopId }) =>
    send("createCustomer", { params: { shopId }, data: { email: `${uniqueName("openapi").replace(/\W/g, "")}@example.test` } }),
  exportCustomers: async ({ send, seller, shopId }) => {
    const email = `${uniqueName("export").replace(/\W/g, "")}@example.test`;
    await shopRecord(seller, `/v1/shops/${shopId}/customers`, { email });
    return send("exportCustomers", { params: { shopId }, query: { email } });
  },
  bulkBanCustomers: async ({ send, seller, shopId }) => {
    const customer = await shopRecord(seller, `/v1/shops/${shopId}/customers`, {
      email: `${uniqueName("ban").replace(/\W/g, "")}@example.test`,
    });
    return send("bulkBanCustomers", { params: { shopId }, data: { ids: [customer.id] } });
  },
  getCustomer: async ({ send, seller, shopId }) => {
    const customer = await shopRecord(seller, `/v1/shops/${shopId}/customers`, {
      email: `${uniqueName("get").replace(/\W/g, "")}@example.test`,
    });
    return send("getCustomer", { params: { shopId, customerId: customer.id } });
  },
  updateCustomer: async ({ send, seller, shopId }) => {
    const customer = await shopRecord(seller, `/v1/shops/${shopId}/customers`, {
      email: `${uniqueName("upd").replace(/\W/g, "")}@example.test`,
    });
    return send("updateCustomer", { params: { shopId, customerId: customer.id }, data: { banned: true } });
  },
  deleteCustomer: async ({ send, seller, shopId }) => {
    const customer = await shopRecord(seller, `/v1/shops/${shopId}/customers`, {
      email: `${uniqueName("del").replace(/\W/g, "")}@example.test`,
    });
    return send("deleteCustomer", { params: { shopId, customerId: customer.id } });
  },
  bulkTagCustomers: async ({ send, seller, shopId }) => {
    const customer = await shopRecord(seller, `/v1/shops/${shopId}/customers`, {
      email: `${uniqueName("tag").replace(/\W/g, "")}@example.test`,
    });
    return send("bulkTagCustomers", { params: { shopId }, data: { customer_ids: [customer.id], add: ["vip"] } });
  },
  listCustomerBalanceEntries: async ({ send, seller, shopId }) => {
    const customer = await shopRecord(seller, `/v1/shops/${shopId}/customers`, {
      email: `${uniqueName("ledger").replace(/\W/g, "")}@example.test`,
    });
    return send("listCustomerBalanceEntries", { params: { shopId, customerId: customer.id }, query: { perPage: 5 } });
  },
  changeCustomerBalance: async ({ send, seller, shopId }) => {
    const customer = await shopRecord(seller, `/v1/shops/${shopId}/customers`, {
      email: `${uniqueName("credit").replace(/\W/g, "")}@example.test`,
    });
    return send("changeCustomerBalance", { params: { shopId, customerId: customer.id }, data: { amount: 5, description: "goodwill" } });
  },
  exportInvoices: ({ send, shopId }) => send("exportInvoices", { params: { shopId }, query: { email: "no-such-buyer-openapi" } }),
  listBlacklist: ({ send, shopId }) => send("listBlacklist", { params: { shopId }, query: { perPage: 5 } }),
  createBlacklistEntry: ({ send, shopId }) =>
    send("createBlacklistEntry", {
      params: { shopId },
      data: { type: "email", value: `${uniqueName("bl").replace(/\W/g, "")}@example.test`, reason: "chargebacks" },
    }),
  testBlacklist: ({ send, shopId }) =>
    send("testBlacklist", { params: { shopId }, data: { type: "user_agent", value: uniqueName("agent") } }),
  getBlacklistEntry: async ({ send, seller, shopId }) => {
    const entry = await shopRecord(seller, `/v1/shops/${shopId}/blacklist`, { type: "user_agent", value: uniqueName("get-agent") });
    return send("getBlacklistEntry", { params: { shopId, entryId: entry.id } });
  },
  updateBlacklistEntry: async ({ send, seller, shopId }) => {
    const entry = await shopRecord(seller, `/v1/shops/${shopId}/blacklist`, { type: "user_agent", value: uniqueName("upd-agent") });
    return send("updateBlacklistEntry", { params: { shopId, entryId: entry.id }, data: { reason: "scraper" } });
  },
  deleteBlacklistEntry: async ({ send, seller, shopId }) => {
    const entry = await shopRecord(seller, `/v1/shops/${shopId}/blacklist`, { type: "user_agent", value: uniqueName("del-agent") });
    return send("deleteBlacklistEntry", { params: { shopId, entryId: entry.id } });
  },

  // subscriptions: only the seed makes them
  listSubscriptions: ({ send, shopId }) => send("listSubscriptions", { params: { shopId }, query: { perPage: 5 } }),
  getSubscription: async ({ send, seller, shopId }) => {
    const page = await (await seller.get(`/v1/shops/${shopId}/subscriptions`, { params: { perPage: 1 } })).json();
    return send("getSubscription", { params: { shopId, subscriptionId: page.data[0].id } });
  },
  cancelSubscription: async ({ send, seller, shopId }) => {
    // Cancelling the seeded trialing subscription at the end of its period is what
    // subscriptions.spec.ts does too; asking again changes nothing, so either order holds.
    const trialing = (await (await seller.get(`/v1/shops/${shopId}/subscriptions`, { params: { status: "trialing" } })).json()).data[0];
    return send("cancelSubscription", { params: { shopId, subscriptionId: trialing.id }, data: { at_period_end: true } });
  },
};

/** A shop of the test's own with a MANUAL payment method. */
async function ownShopWithManual({ playwright, baseURL, anonymous, shopId }: Context) {
  const shop = await ownShop(playwright, baseURL, anonymous, shopId);
  return { ...shop, method: await addPaymentMethod(shop.client, shop.shopId, { gateway: "MANUAL" }) };
}
