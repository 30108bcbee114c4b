import { randomUUID } from "node:crypto";
import type { APIRequestContext, APIResponse, PlaywrightWorkerArgs } from "@playwright/test";
import type { SeedInfo } from "../support/seed";
import { expect, test } from "../support/api";
import { createImage, createProduct, gradientPng, uniqueName } from "../support/catalog";
import { BITCOIN_ADDRESS, buyerEmail, enableGateways, eventId, signedEvent, stockedProduct } from "../support/checkout";
import { GIFT_CARD, completeInvoice, createPendingInvoice, seededVariantId } from "../support/invoices";
import { documentValidator, type SendOptions } from "../support/openapi";
import { completedInvoice, invoiceIn, ownReseller, pendingInvoice, serialProduct } from "../support/openapi-records";
import { dashboardClient, mailedResetToken, totpCode, turnOnTwoFactor } from "../support/accounts";
import { invitationMail, invitationToken, invite, memberEmail } from "../support/members";
import { applyAsNewPerson, approvedApplicant } from "../support/reseller-portal";
import { holdSmtpListener } from "../support/smtp";
import { freshReseller, sign } from "../support/reseller";

/**
 * Every operation of /v1/openapi.json is called here with a real, valid
 * request, and its answer (status, content type, body, headers) must be the
 * documented success. An operation without a call here, or a call whose
 * operation the document lacks, fails the first test. Operations that change
 * something change records the test made itself (or, for the two below,
 * make a change that is no change): other specs run against the same server.
 */

type Context = {
  seller: APIRequestContext;
  /** The demo seller's dashboard session: API keys are managed with a session only. */
  sellerSignedIn: APIRequestContext;
  anonymous: APIRequestContext;
  shopId: number;
  seed: SeedInfo;
  playwright: PlaywrightWorkerArgs["playwright"];
  baseURL: string | undefined;
  /** The request of this test's operation (and of setup steps through other operations). */
  send: (operationId: string, options?: SendOptions) => Promise<APIResponse>;
};

type Call = (context: Context) => Promise<APIResponse>;

const shopRecord = (seller: APIRequestContext, path: string, data: unknown) =>
  seller.post(path, { data }).then(async (response) => {
    expect(response.status(), await response.text()).toBe(201);
    return (await response.json()) as { id: number };
  });

const quantityDeal = (productId: number) => ({
  name: uniqueName("Deal"),
  product_id: productId,
  buy_quantity: 2,
  discounted_quantity: 1,
  percentage: 10,
  enabled: false,
});
const bundleOffer = (productIds: number[]) => ({
  name: uniqueName("Bundle"),
  type: "fixed",
  discount: 1,
  enabled: false,
  items: productIds,
});
const tier = () => ({
  name: uniqueName("Tier"),
  // Above every seeded tier and out of reach: no reseller of another test earns it or sees it as next.
  discount_percentage: 99,
  min_spent_usd: 999999,
  min_sales_count: 100000,
});

/** A signed dynamic-delivery request, as a reseller's shop sends it. */
function receiverRequest(secret: string, productId: number, variantId: number): Omit<SendOptions, "client" | "params"> {
  const body = JSON.stringify({ invoice: { unique_id: `openapi-${randomUUID()}` }, item: { quantity: 1 } });
  return {
    query: { product_id: productId, variant_id: variantId },
    headers: {
      "Content-Type": "application/json",
      "X-Timestamp": String(Math.floor(Date.now() / 1000)),
      "X-Signature": sign(secret, body),
      "Idempotency-Key": randomUUID(),
    },
    data: Buffer.from(body, "utf8"),
  };
}

const calls: Record<string, Call> = {
  // system and account
  getHealth: ({ send, anonymous }) => send("getHealth", { client: anonymous }),
  getOpenApiDocument: ({ send, anonymous }) => send("getOpenApiDocument", { client: anonymous }),
  login: ({ send, anonymous, seed }) =>
    send("login", { client: anonymous, data: { email: seed.seller.email, password: seed.seller.password } }),
  logout: ({ send, anonymous }) => send("logout", { client: anonymous }),
  getCurrentUser: ({ send }) => send("getCurrentUser"),
  listApiKeys: ({ send, sellerSignedIn }) => send("listApiKeys", { client: sellerSignedIn }),
  createApiKey: async ({ send, sellerSignedIn }) => {
    const response = await send("createApiKey", { client: sellerSignedIn, data: { name: uniqueName("Key"), scope: "read" } });
    expect((await sellerSignedIn.delete(`/v1/api-keys/${(await response.json()).id}`)).status()).toBe(200);
    return response;
  },
  revokeApiKey: async ({ send, sellerSignedIn }) => {
    const key = await sellerSignedIn.post("/v1/api-keys", { data: { name: uniqueName("Key") } });
    return send("revokeApiKey", { client: sellerSignedIn, params: { keyId: (await key.json()).id } });
  },

  // members
  listMembers: ({ send, shopId }) => send("listMembers", { params: { shopId } }),
  listAuditLog: ({ send, shopId }) => send("listAuditLog", { params: { shopId }, query: { perPage: 5 } }),
  inviteMember: ({ send, shopId }) => send("inviteMember", { params: { shopId }, data: { email: memberEmail("openapi"), role: "viewer" } }),
  updateMember: async ({ send, seller, shopId }) => {
    const invitation = await invite(seller, shopId, memberEmail("openapi"), "viewer");
    return send("updateMember", { params: { shopId, memberId: invitation.id }, data: { role: "support" } });
  },
  removeMember: async ({ send, seller, shopId }) => {
    const invitation = await invite(seller, shopId, memberEmail("openapi"), "viewer");
    return send("removeMember", { params: { shopId, memberId: invitation.id } });
  },
  acceptInvitation: async ({ send, seller, anonymous, shopId }) => {
    const email = memberEmail("openapi");
    const smtp = await holdSmtpListener();
    let token: string | undefined;
    try {
      await invite(seller, shopId, email, "viewer");
      token = invitationToken(await smtp.waitFor(email, invitationMail));
    } finally {
      await smtp.close();
    }
    return send("acceptInvitation", { client: anonymous, data: { token, name: "Invited", password: "a long enough password" } });
  },
  forgotPassword: ({ send, anonymous }) =>
    send("forgotPassword", { client: anonymous, data: { email: `nobody-${randomUUID()}@example.test` } }),
  resellerForgotPassword: ({ send, anonymous }) =>
    send("resellerForgotPassword", { client: anonymous, data: { email: `nobody-${randomUUID()}@example.test` } }),
  resetPassword: async ({ send, anonymous, shopId }) => {
    const person = await applyAsNewPerson(anonymous, shopId);
    const token = await mailedResetToken(anonymous, person.email);
    return send("resetPassword", { client: anonymous, data: { token, password: `new-${randomUUID()}` } });
  },
  resellerResetPassword: async ({ send, anonymous, seller, shopId }) => {
    const person = await approvedApplicant(anonymous, seller, shopId);
    const token = await mailedResetToken(anonymous, person.email, true);
    return send("resellerResetPassword", { client: anonymous, data: { token, password: `new-${randomUUID()}` } });
  },
  changePassword: async ({ send, anonymous, shopId, playwright, baseURL }) => {
    const person = await applyAsNewPerson(anonymous, shopId);
    const client = await dashboardClient(playwright, baseURL, person.email, person.password);
    return send("changePassword", { client, data: { current_password: person.password, password: `new-${randomUUID()}` } });
  },
  listSessions: async ({ send, anonymous, shopId, playwright, baseURL }) => {
    const person = await applyAsNewPerson(anonymous, shopId);
    return send("listSessions", { client: await dashboardClient(playwright, baseURL, person.email, person.password) });
  },
  endOtherSessions: async ({ send, anonymous, shopId, playwright, baseURL }) => {
    const person = await applyAsNewPerson(anonymous, shopId);
    await dashboardClient(playwright, baseURL, person.email, person.password);
    return send("endOtherSessions", { client: await dashboardClient(playwright, baseURL, person.email, person.password) });
  },
  reauthenticate: async ({ send, anonymous, shopId, playwright, baseURL }) => {
    const person = await applyAsNewPerson(anonymous, shopId);
    const client = await dashboardClient(playwright, baseURL, person.email, person.password);
    return send("reauthenticate", { client, data: { password: person.password } });
  },
  getTwoFactor: async ({ send, anonymous, shopId, playwright, baseURL }) => {
    const person = await applyAsNewPerson(anonymous, shopId);
    return send("getTwoFactor", { client: await dashboardClient(playwright, baseURL, person.email, person.password) });
  },
  setupTwoFactor: async ({ send, anonymous, shopId, playwright, baseURL }) => {
    const person = await applyAsNewPerson(anonymous, shopId);
    return send("setupTwoFactor", { client: await dashboardClient(playwright, baseURL, person.email, person.password) });
  },
  enableTwoFactor: async ({ send, anonymous, shopId, playwright, baseURL }) => {
    const person = await applyAsNewPerson(anonymous, shopId);
    const client = await dashboardClient(playwright, baseURL, person.email, person.password);
    const { secret } = (await (await client.post("/v1/account/2fa/setup")).json()) as { secret: string };
    return send("enableTwoFactor", { client, data: { code: totpCode(secret) } });
  },
  disableTwoFactor: async ({ send, anonymous, shopId, playwright, baseURL }) => {
    const person = await applyAsNewPerson(anonymous, shopId);
    const client = await dashboardClient(playwright, baseURL, person.email, person.password);
    const { recoveryCodes } = await turnOnTwoFactor(client);
    return send("disableTwoFactor", { client, data: { password: person.password, code: recoveryCodes[0]! } });
  },
  revokeSession: async ({ send, anonymous, shopId, playwright, baseURL }) => {
    const person = await applyAsNewPerson(anonymous, shopId);
    const client = await dashboardClient(playwright, baseURL, person.email, person.password);
    const { data } = (await (await client.get("/v1/account/sessions")).json()) as { data: { id: string }[] };
    return send("revokeSession", { client, params: { id: data[0]!.id } });
  },

  // shops
  listShops: ({ send }) => send("listShops"),
  getShop: ({ send, shopId }) => send("getShop", { params: { shopId } }),
  getShopStats: ({ send, shopId }) => send("getShopStats", { params: { shopId }, query: { days: 7 } }),

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
  getShopSettings: ({ send, shopId }) => send("getShopSettings", { params: { shopId } }),
  updateShopSettings: async ({ send, seller, shopId }) => {
    await enableGateways(seller, shopId);
    return send("updateShopSettings", { params: { shopId }, data: { bitcoin_address: BITCOIN_ADDRESS } });
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

  // products and stock
  listProducts: ({ send, shopId }) => send("listProducts", { params: { shopId }, query: { perPage: 5 } }),
  createProduct: ({ send, shopId }) =>
    send("createProduct", {
      params: { shopId },
      data: { name: uniqueName("Product"), deliverables_type: "serials", variants: [{ name: "Standard", price: 9.99 }] },
    }),
  getProduct: async ({ send, seller, shopId }) =>
    send("getProduct", { params: { shopId, productId: (await serialProduct(seller, shopId)).id } }),
  updateProduct: async ({ send, seller, shopId }) => {
    const product = await serialProduct(seller, shopId);
    return send("updateProduct", {
      params: { shopId, productId: product.id },
      data: {
        name: uniqueName("Renamed"),
        variants: [
          { id: product.variants[0]!.id, name: "Key", price: 5.49 },
          { name: "Bundle", price: 12 },
        ],
      },
    });
  },
  deleteProduct: async ({ send, seller, shopId }) =>
    send("deleteProduct", { params: { shopId, productId: (await serialProduct(seller, shopId, 0)).id } }),
  cloneProduct: async ({ send, seller, shopId }) =>
    send("cloneProduct", { params: { shopId, productId: (await serialProduct(seller, shopId)).id } }),
  setServiceStock: async ({ send, seller, shopId }) => {
    const service = await createProduct(seller, shopId, { deliverables_type: "service", variants: [{ name: "Hour", price: 30 }] });
    return send("setServiceStock", { params: { shopId, productId: service.id, variantId: service.variants[0].id }, data: { stock: 12 } });
  },
  listUnsoldSerials: async ({ send, seller, shopId }) => {
    const product = await serialProduct(seller, shopId);
    return send("listUnsoldSerials", { params: { shopId, productId: product.id, variantId: product.variants[0]!.id } });
  },
  appendSerials: async ({ send, seller, shopId }) => {
    const product = await serialProduct(seller, shopId, 0);
    return send("appendSerials", {
      params: { shopId, productId: product.id, variantId: product.variants[0]!.id },
      data: { deliverables: [`A-${randomUUID()}`, `B-${randomUUID()}`] },
    });
  },
  overwriteSerials: async ({ send, seller, shopId }) => {
    const product = await serialProduct(seller, shopId);
    return send("overwriteSerials", {
      params: { shopId, productId: product.id, variantId: product.variants[0]!.id },
      data: { deliverables: `C-${randomUUID()}\nD-${randomUUID()}` },
    });
  },
  removeSerials: async ({ send, seller, shopId }) => {
    const product = await serialProduct(seller, shopId, 1);
    const variantId = product.variants[0]!.id;
    const serials = await (await seller.get(`/v1/shops/${shopId}/products/${product.id}/deliverables/${variantId}`)).json();
    return send("removeSerials", { params: { shopId, productId: product.id, variantId }, data: { deliverables: serials.deliverables } });
  },

  // groups, images, themes, custom fields
  listGroups: ({ send, shopId }) => send("listGroups", { params: { shopId } }),
  getGroup: async ({ send, seller, shopId }) => {
    const product = await serialProduct(seller, shopId);
    const group = await shopRecord(seller, `/v1/shops/${shopId}/groups`, { name: uniqueName("Group"), products: [product.id] });
    return send("getGroup", { params: { shopId, groupId: group.id } });
  },
  createGroup: async ({ send, seller, shopId }) => {
    const product = await serialProduct(seller, shopId);
    return send("createGroup", { params: { shopId }, data: { name: uniqueName("Group"), visibility: "private", products: [product.id] } });
  },
  updateGroup: async ({ send, seller, shopId }) => {
    const product = await serialProduct(seller, shopId);
    const group = await shopRecord(seller, `/v1/shops/${shopId}/groups`, { name: uniqueName("Group") });
    return send("updateGroup", { params: { shopId, groupId: group.id }, data: { name: uniqueName("Group"), products: [product.id] } });
  },
  updateGroupAtUpdatePath: async ({ send, seller, shopId }) => {
    const product = await serialProduct(seller, shopId);
    const group = await shopRecord(seller, `/v1/shops/${shopId}/groups`, { name: uniqueName("Group") });
    return send("updateGroupAtUpdatePath", {
      params: { shopId, groupId: group.id },
      data: { name: uniqueName("Group"), products: [product.id] },
    });
  },
  deleteGroup: async ({ send, seller, shopId }) => {
    const group = await shopRecord(seller, `/v1/shops/${shopId}/groups`, { name: uniqueName("Group") });
    return send("deleteGroup", { params: { shopId, groupId: group.id } });
  },
  listImages: ({ send, shopId }) => send("listImages", { params: { shopId } }),
  uploadImage: ({ send, shopId }) =>
    send("uploadImage", {
      params: { shopId },
      multipart: { image: { name: "square.png", mimeType: "image/png", buffer: gradientPng(4, 4, [0, 0, 0], [255, 255, 255]) } },
    }),
  deleteImage: async ({ send, seller, shopId }) =>
    send("deleteImage", { params: { shopId, imageId: (await createImage(seller, shopId)).id } }),
  listThemes: ({ send, shopId }) => send("listThemes", { params: { shopId } }),
  getTheme: async ({ send, seller, shopId }) => {
    const theme = await shopRecord(seller, `/v1/shops/${shopId}/themes`, { name: uniqueName("Theme") });
    return send("getTheme", { params: { shopId, themeId: theme.id } });
  },
  createTheme: ({ send, shopId }) =>
    send("createTheme", {
      params: { shopId },
      data: { name: uniqueName("Theme"), description: "Dark", template: { colors: { primary: "#000" } } },
    }),
  updateTheme: async ({ send, seller, shopId }) => {
    const theme = await shopRecord(seller, `/v1/shops/${shopId}/themes`, { name: uniqueName("Theme") });
    const image = await createImage(seller, shopId);
    return send("updateTheme", { params: { shopId, themeId: theme.id }, data: { type: "public", image_id: image.id } });
  },
  activateTheme: async ({ send, seller, seed }) => {
    // the demo shop's storefront is read by parallel tests: this changes the look of the seller's second shop
    const outletId = seed.seller.shopIds[1]!;
    const theme = await shopRecord(seller, `/v1/shops/${outletId}/themes`, { name: uniqueName("Theme") });
    return send("activateTheme", { params: { shopId: outletId, themeId: theme.id } });
  },
  deleteTheme: async ({ send, seller, shopId }) => {
    const theme = await shopRecord(seller, `/v1/shops/${shopId}/themes`, { name: uniqueName("Theme") });
    return send("deleteTheme", { params: { shopId, themeId: theme.id } });
  },
  listCustomFields: ({ send, shopId }) => send("listCustomFields", { params: { shopId } }),
  createCustomField: ({ send, shopId }) =>
    send("createCustomField", { params: { shopId }, data: { name: uniqueName("Field"), type: "select", options: "S, M, L" } }),
  updateCustomField: async ({ send, seller, shopId }) => {
    const field = await shopRecord(seller, `/v1/shops/${shopId}/custom-fields`, { name: uniqueName("Field"), type: "text" });
    return send("updateCustomField", {
      params: { shopId, customFieldId: field.id },
      data: { name: uniqueName("Field"), type: "email", hint: "Where to send it" },
    });
  },
  deleteCustomField: async ({ send, seller, shopId }) => {
    const field = await shopRecord(seller, `/v1/shops/${shopId}/custom-fields`, { name: uniqueName("Field"), type: "text" });
    return send("deleteCustomField", { params: { shopId, customFieldId: field.id } });
  },

  // promotions (disabled, on products of the test's own: no other test's price changes)
  listQuantityDeals: ({ send, shopId }) => send("listQuantityDeals", { params: { shopId }, query: { perPage: 5 } }),
  createQuantityDeal: async ({ send, seller, shopId }) =>
    send("createQuantityDeal", { params: { shopId }, data: quantityDeal((await serialProduct(seller, shopId, 0)).id) }),
  getQuantityDeal: async ({ send, seller, shopId }) => {
    const deal = await shopRecord(seller, `/v1/shops/${shopId}/quantity-deals`, quantityDeal((await serialProduct(seller, shopId, 0)).id));
    return send("getQuantityDeal", { params: { shopId, dealId: deal.id } });
  },
  updateQuantityDeal: async ({ send, seller, shopId }) => {
    const product = await serialProduct(seller, shopId, 0);
    const deal = await shopRecord(seller, `/v1/shops/${shopId}/quantity-deals`, quantityDeal(product.id));
    return send("updateQuantityDeal", {
      params: { shopId, dealId: deal.id },
      data: { ...quantityDeal(product.id), variant_id: product.variants[0]!.id, priority: 3, ends_at: "2030-01-01" },
    });
  },
  deleteQuantityDeal: async ({ send, seller, shopId }) => {
    const deal = await shopRecord(seller, `/v1/shops/${shopId}/quantity-deals`, quantityDeal((await serialProduct(seller, shopId, 0)).id));
    return send("deleteQuantityDeal", { params: { shopId, dealId: deal.id } });
  },
  listBundleOffers: ({ send, shopId }) => send("listBundleOffers", { params: { shopId }, query: { perPage: 5 } }),
  createBundleOffer: async ({ send, seller, shopId }) => {
    const products = [await serialProduct(seller, shopId, 0), await serialProduct(seller, shopId, 0)];
    return send("createBundleOffer", { params: { shopId }, data: bundleOffer(products.map((p) => p.id)) });
  },
  getBundleOffer: async ({ send, seller, shopId }) => {
    const offer = await shopRecord(seller, `/v1/shops/${shopId}/bundle-offers`, bundleOffer([(await serialProduct(seller, shopId, 0)).id]));
    return send("getBundleOffer", { params: { shopId, offerId: offer.id } });
  },
  updateBundleOffer: async ({ send, seller, shopId }) => {
    const product = await serialProduct(seller, shopId, 0);
    const offer = await shopRecord(seller, `/v1/shops/${shopId}/bundle-offers`, bundleOffer([product.id]));
    return send("updateBundleOffer", {
      params: { shopId, offerId: offer.id },
      data: { ...bundleOffer([product.id]), type: "percentage", discount: 5 },
    });
  },
  deleteBundleOffer: async ({ send, seller, shopId }) => {
    const offer = await shopRecord(seller, `/v1/shops/${shopId}/bundle-offers`, bundleOffer([(await serialProduct(seller, shopId, 0)).id]));
    return send("deleteBundleOffer", { params: { shopId, offerId: offer.id } });
  },

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

  // coupons
  listCoupons: ({ send, shopId }) => send("listCoupons", { params: { shopId }, query: { perPage: 5 } }),
  createCoupon: ({ send, shopId }) =>
    send("createCoupon", {
      params: { shopId },
      data: {
        code: uniqueName("SAVE").replace(/\W/g, ""),
        type: "percentage",
        discount: 15,
        max_uses: 10,
        allowed_emails: ["vip@example.test"],
      },
    }),
  getCoupon: async ({ send, seller, shopId }) => {
    const coupon = await shopRecord(seller, `/v1/shops/${shopId}/coupons`, {
      code: uniqueName("GET").replace(/\W/g, ""),
      type: "fixed",
      discount: 2,
    });
    return send("getCoupon", { params: { shopId, couponId: coupon.id } });
  },
  updateCoupon: async ({ send, seller, shopId }) => {
    const coupon = await shopRecord(seller, `/v1/shops/${shopId}/coupons`, {
      code: uniqueName("UPD").replace(/\W/g, ""),
      type: "fixed",
      discount: 2,
    });
    return send("updateCoupon", { params: { shopId, couponId: coupon.id }, data: { discount: 3.5, expiration_date: "2030-06-01" } });
  },
  deleteCoupon: async ({ send, seller, shopId }) => {
    const coupon = await shopRecord(seller, `/v1/shops/${shopId}/coupons`, {
      code: uniqueName("DEL").replace(/\W/g, ""),
      type: "fixed",
      discount: 2,
    });
    return send("deleteCoupon", { params: { shopId, couponId: coupon.id } });
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

  // notifications
  listLatestNotifications: ({ send, shopId }) => send("listLatestNotifications", { params: { shopId } }),
  listNotifications: ({ send, shopId }) => send("listNotifications", { params: { shopId }, query: { perPage: 5 } }),
  // The seller's second shop has no notifications (notifications.spec.ts reads the first shop's unread ones).
  markNotificationsAsRead: ({ send, seed }) => send("markNotificationsAsRead", { params: { shopId: seed.seller.shopIds[1]! } }),
  getNotificationSettings: ({ send, shopId }) => send("getNotificationSettings", { params: { shopId } }),
  updateNotificationSettings: async ({ send, seller, shopId }) => {
    // The first shop's saved settings, sent back as they are: a write that changes nothing.
    const { settings } = await (await seller.get(`/v1/shops/${shopId}/notifications/settings`)).json();
    return send("updateNotificationSettings", { params: { shopId }, data: settings });
  },

  // reseller API, as a reseller of the test's own
  listResellerProducts: async ({ send, seller, shopId, playwright, baseURL }) =>
    send("listResellerProducts", { client: (await ownReseller(playwright, baseURL, seller, shopId)).client, query: { perPage: 5 } }),
  getResellerBalance: async ({ send, seller, shopId, playwright, baseURL }) =>
    send("getResellerBalance", { client: (await ownReseller(playwright, baseURL, seller, shopId)).client }),
  listResellerInvoices: async ({ send, seller, shopId, playwright, baseURL }) => {
    const reseller = await ownReseller(playwright, baseURL, seller, shopId);
    const { product } = reseller;
    const bought = await reseller.client.post("/v1/reseller/invoices", {
      data: { items: [{ product_id: product.id, variant_id: product.variants[0]!.id, quantity: 1 }] },
    });
    expect(bought.status(), await bought.text()).toBe(201);
    return send("listResellerInvoices", { client: reseller.client });
  },
  createResellerInvoice: async ({ send, seller, shopId, playwright, baseURL }) => {
    const { client, product } = await ownReseller(playwright, baseURL, seller, shopId);
    return send("createResellerInvoice", {
      client,
      headers: { "Idempotency-Key": randomUUID() },
      data: { items: [{ product_id: product.id, variant_id: product.variants[0]!.id, quantity: 2 }] },
    });
  },
  getResellerInvoice: async ({ send, seller, shopId, playwright, baseURL }) => {
    const { client, product } = await ownReseller(playwright, baseURL, seller, shopId);
    const bought = await client.post("/v1/reseller/invoices", {
      data: { items: [{ product_id: product.id, variant_id: product.variants[0]!.id, quantity: 1 }] },
    });
    expect(bought.status(), await bought.text()).toBe(201);
    return send("getResellerInvoice", { client, params: { id: (await bought.json()).unique_id } });
  },
  receiveDynamicDelivery: async ({ send, seller, shopId, playwright, baseURL, anonymous }) => {
    const { signingSecret, dynamicToken, product } = await ownReseller(playwright, baseURL, seller, shopId);
    return send("receiveDynamicDelivery", {
      client: anonymous,
      params: { token: dynamicToken },
      ...receiverRequest(signingSecret, product.id, product.variants[0]!.id),
    });
  },
  rotateOwnApiKey: async ({ send, seller, shopId, playwright, baseURL }) =>
    send("rotateOwnApiKey", { client: (await ownReseller(playwright, baseURL, seller, shopId)).client }),
  rotateOwnSigningSecret: async ({ send, seller, shopId, playwright, baseURL }) =>
    send("rotateOwnSigningSecret", { client: (await ownReseller(playwright, baseURL, seller, shopId)).client }),
  rotateOwnDynamicToken: async ({ send, seller, shopId, playwright, baseURL }) =>
    send("rotateOwnDynamicToken", { client: (await ownReseller(playwright, baseURL, seller, shopId)).client }),

  // the seller's resellers and tiers
  listResellers: ({ send, shopId }) => send("listResellers", { params: { shopId }, query: { perPage: 5, status: "approved" } }),
  inviteReseller: ({ send, shopId }) =>
    send("inviteReseller", { params: { shopId }, data: { email: `invited-${randomUUID()}@example.test`, name: "Invited" } }),
  getReseller: async ({ send, seller, shopId }) =>
    send("getReseller", { params: { shopId, resellerId: (await freshReseller(seller, shopId, 25)).id } }),
  approveReseller: async ({ send, seller, shopId }) => {
    const invited = await shopRecord(seller, `/v1/shops/${shopId}/resellers`, { email: `pending-${randomUUID()}@example.test` });
    return send("approveReseller", { params: { shopId, resellerId: invited.id } });
  },
  suspendReseller: async ({ send, seller, shopId }) =>
    send("suspendReseller", { params: { shopId, resellerId: (await freshReseller(seller, shopId)).id } }),
  adjustResellerBalance: async ({ send, seller, shopId }) =>
    send("adjustResellerBalance", {
      params: { shopId, resellerId: (await freshReseller(seller, shopId)).id },
      data: { amount: 42.5, reason: "Top-up" },
    }),
  rotateResellerApiKey: async ({ send, seller, shopId }) =>
    send("rotateResellerApiKey", { params: { shopId, resellerId: (await freshReseller(seller, shopId)).id } }),
  rotateResellerSigningSecret: async ({ send, seller, shopId }) =>
    send("rotateResellerSigningSecret", { params: { shopId, resellerId: (await freshReseller(seller, shopId)).id } }),
  rotateResellerDynamicToken: async ({ send, seller, shopId }) =>
    send("rotateResellerDynamicToken", { params: { shopId, resellerId: (await freshReseller(seller, shopId)).id } }),
  listResellerTiers: ({ send, shopId }) => send("listResellerTiers", { params: { shopId } }),
  createResellerTier: async ({ send, seller, shopId }) => {
    const response = await send("createResellerTier", {
      params: { shopId },
      data: { ...tier(), image_url: "https://cdn.example.test/tier.png" },
    });
    expect((await seller.delete(`/v1/shops/${shopId}/reseller-tiers/${(await response.json()).id}`)).status()).toBe(200);
    return response;
  },
  getResellerTier: async ({ send, seller, shopId }) => {
    const created = await shopRecord(seller, `/v1/shops/${shopId}/reseller-tiers`, tier());
    const response = await send("getResellerTier", { params: { shopId, tierId: created.id } });
    expect((await seller.delete(`/v1/shops/${shopId}/reseller-tiers/${created.id}`)).status()).toBe(200);
    return response;
  },
  updateResellerTier: async ({ send, seller, shopId }) => {
    const created = await shopRecord(seller, `/v1/shops/${shopId}/reseller-tiers`, tier());
    const response = await send("updateResellerTier", { params: { shopId, tierId: created.id }, data: { name: uniqueName("Tier") } });
    expect((await seller.delete(`/v1/shops/${shopId}/reseller-tiers/${created.id}`)).status()).toBe(200);
    return response;
  },
  deleteResellerTier: async ({ send, seller, shopId }) => {
    const created = await shopRecord(seller, `/v1/shops/${shopId}/reseller-tiers`, tier());
    return send("deleteResellerTier", { params: { shopId, tierId: created.id } });
  },

  // reseller portal
  resellerLogin: async ({ send, seller, anonymous, shopId }) => {
    const applicant = await approvedApplicant(anonymous, seller, shopId);
    return send("resellerLogin", { client: anonymous, data: { email: applicant.email, password: applicant.password } });
  },
  resellerLogout: ({ send, anonymous }) => send("resellerLogout", { client: anonymous }),
  getResellerProfile: async ({ send, seller, shopId, playwright, baseURL }) =>
    send("getResellerProfile", { client: (await ownReseller(playwright, baseURL, seller, shopId)).client }),
  listResellerLedger: async ({ send, seller, shopId, playwright, baseURL }) =>
    send("listResellerLedger", { client: (await ownReseller(playwright, baseURL, seller, shopId)).client, query: { perPage: 10 } }),
  applyToResell: ({ send, anonymous, shopId }) =>
    send("applyToResell", {
      client: anonymous,
      data: { shop_id: shopId, email: `applicant-${randomUUID()}@example.test`, password: `pw-${randomUUID()}`, name: "Applicant" },
    }),
  sendTestDelivery: async ({ send, seller, shopId, playwright, baseURL }) => {
    const { client, product } = await ownReseller(playwright, baseURL, seller, shopId);
    const response = await send("sendTestDelivery", {
      client,
      data: { product_id: product.id, variant_id: product.variants[0]!.id, quantity: 1 },
    });
    expect((await response.json()).status).toBe(200);
    return response;
  },

  // webhooks: endpoints of the test's own, subscribed to a type nothing fires, deleted after
  listWebhooks: ({ send, shopId }) => send("listWebhooks", { params: { shopId } }),
  createWebhook: async ({ send, seller, shopId }) => {
    const response = await send("createWebhook", { params: { shopId }, data: hookBody() });
    expect((await seller.delete(`/v1/shops/${shopId}/webhooks/${(await response.json()).id}`)).status()).toBe(200);
    return response;
  },
  getWebhook: ({ send, seller, shopId }) =>
    withWebhook(seller, shopId, (webhookId) => send("getWebhook", { params: { shopId, webhookId } })),
  updateWebhook: ({ send, seller, shopId }) =>
    withWebhook(seller, shopId, (webhookId) => send("updateWebhook", { params: { shopId, webhookId }, data: { description: "updated" } })),
  deleteWebhook: async ({ send, seller, shopId }) => {
    const created = await shopRecord(seller, `/v1/shops/${shopId}/webhooks`, hookBody());
    return send("deleteWebhook", { params: { shopId, webhookId: created.id } });
  },
  rotateWebhookSecret: ({ send, seller, shopId }) =>
    withWebhook(seller, shopId, (webhookId) => send("rotateWebhookSecret", { params: { shopId, webhookId } })),
  listWebhookDeliveries: ({ send, seller, shopId }) =>
    withWebhook(seller, shopId, async (webhookId) => {
      expect(
        (await seller.post(`/v1/shops/${shopId}/webhooks/${webhookId}/test`, { data: { event_type: "invoice.created" } })).status(),
      ).toBe(201);
      return send("listWebhookDeliveries", { params: { shopId, webhookId }, query: { perPage: 5, status: "pending" } });
    }),
  redeliverWebhookDelivery: ({ send, seller, shopId }) =>
    withWebhook(seller, shopId, async (webhookId) => {
      const sent = await seller.post(`/v1/shops/${shopId}/webhooks/${webhookId}/test`, { data: { event_type: "coupon.exhausted" } });
      return send("redeliverWebhookDelivery", { params: { shopId, webhookId, deliveryId: (await sent.json()).id } });
    }),
  testWebhook: ({ send, seller, shopId }) =>
    withWebhook(seller, shopId, (webhookId) =>
      send("testWebhook", { params: { shopId, webhookId }, data: { event_type: "invoice.completed" } }),
    ),
};

/** An endpoint nothing reaches (the name does not resolve) and no action fires (`subscription.renewed`). */
const hookBody = () => ({ url: `https://${randomUUID()}.invalid/hook`, events: ["subscription.renewed"] });

async function withWebhook(seller: APIRequestContext, shopId: number, use: (webhookId: number) => Promise<APIResponse>) {
  const created = await shopRecord(seller, `/v1/shops/${shopId}/webhooks`, hookBody());
  try {
    return await use(created.id);
  } finally {
    await seller.delete(`/v1/shops/${shopId}/webhooks/${created.id}`);
  }
}

/** Path parameters that name nothing in particular: enough to reach the check under test. */
function placeholders(path: string, shopId: number): Record<string, string | number> {
  return Object.fromEntries(
    [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => [
      name!,
      name === "shopId" ? shopId : ["invoiceId", "id", "token"].includes(name!) ? "none" : 1,
    ]),
  );
}

/** Runs `check` over `items`, `width` at a time (the walks below make one or two requests per operation). */
async function inBatches<T>(items: T[], check: (item: T) => Promise<void>, width = 8) {
  for (let start = 0; start < items.length; start += width) await Promise.all(items.slice(start, start + width).map(check));
}

test.describe("the OpenAPI document against real answers", () => {
  test("every operation of the document has a call here, and every call an operation", async ({ anonymous }) => {
    const validator = await documentValidator(anonymous);
    const documented = validator.operations().map((operation) => operation.operationId);
    expect(Object.keys(calls).sort()).toEqual(documented.sort());
  });

  for (const [operationId, call] of Object.entries(calls)) {
    test(`${operationId}: a valid request gets the documented success`, async ({
      seller,
      sellerSignedIn,
      anonymous,
      shopId,
      seed,
      playwright,
      baseURL,
    }) => {
      const validator = await documentValidator(anonymous);
      let sent: APIResponse | undefined;
      const send = async (id: string, { client = seller, ...options }: SendOptions = {}) => {
        const response = await validator.send(client, id, options);
        if (id === operationId) sent = response;
        return response;
      };
      const response = await call({ seller, sellerSignedIn, anonymous, shopId, seed, playwright, baseURL, send });
      expect(response, `the call of ${operationId} must answer with its own request`).toBe(sent);
      await validator.expectDocumented(response, operationId, validator.successStatus(operationId));
    });
  }

  test("without credentials every secured operation answers the documented 401", async ({ anonymous, shopId }) => {
    const validator = await documentValidator(anonymous);
    const secured = validator.operations().filter(({ operation }) => operation.security?.length);
    expect(secured.length).toBeGreaterThan(90);
    await inBatches(secured, async ({ operationId, path }) => {
      const response = await validator.send(anonymous, operationId, { params: placeholders(path, shopId) });
      await validator.expectDocumented(response, operationId, 401);
    });
  });

  test("another seller's shop answers the documented 404 on every operation under /v1/shops/{shopId}", async ({
    anonymous,
    seller,
    foreignShopId,
  }) => {
    const validator = await documentValidator(anonymous);
    const underShop = validator.operations().filter(({ path }) => path.startsWith("/v1/shops/{shopId}"));
    expect(underShop.length).toBeGreaterThan(80);
    await inBatches(underShop, async ({ operationId, path }) => {
      const response = await validator.send(seller, operationId, { params: placeholders(path, foreignShopId) });
      await validator.expectDocumented(response, operationId, 404);
    });
  });

  test("every operation that reads a JSON body answers the documented 400 to malformed JSON and 422 to an empty one", async ({
    anonymous,
    seller,
    sellerSignedIn,
    shopId,
    playwright,
    baseURL,
  }) => {
    const validator = await documentValidator(anonymous);
    const reseller = await ownReseller(playwright, baseURL, seller, shopId);
    const clientFor = (security: unknown[] | undefined) =>
      !security?.length
        ? anonymous
        : JSON.stringify(security).includes("resellerKey")
          ? reseller.client
          : JSON.stringify(security).includes("sellerKey")
            ? seller
            : sellerSignedIn;
    // The signed receiver reads its raw body itself and answers in plain text (reseller.spec.ts).
    const withJsonBody = validator
      .operations()
      .filter(
        ({ operationId, operation }) => operation.requestBody?.content["application/json"] && operationId !== "receiveDynamicDelivery",
      );
    expect(withJsonBody.length).toBeGreaterThanOrEqual(40);
    await inBatches(withJsonBody, async ({ operationId, path, operation }) => {
      const options = { params: placeholders(path, shopId), headers: { "Content-Type": "application/json" } };
      const client = clientFor(operation.security);
      await validator.expectDocumented(
        await validator.send(client, operationId, { ...options, data: Buffer.from('{"name": ') }),
        operationId,
        400,
      );
      if (operation.requestBody!.required)
        await validator.expectDocumented(await validator.send(client, operationId, { ...options, data: {} }), operationId, 422);
    });
  });

  test("the rarer refusals answer as documented: 403, 409, 413, 429", async ({ anonymous, seller, shopId, playwright, baseURL }) => {
    const validator = await documentValidator(anonymous);

    const foreign = await validator.send(anonymous, "resellerLogin", {
      headers: { Origin: "https://elsewhere.example" },
      data: { email: "someone@example.test", password: "secret" },
    });
    await validator.expectDocumented(foreign, "resellerLogin", 403);

    const { client, product } = await ownReseller(playwright, baseURL, seller, shopId);
    const key = randomUUID();
    const line = { product_id: product.id, variant_id: product.variants[0]!.id, quantity: 1 };
    await validator.expectDocumented(
      await validator.send(client, "createResellerInvoice", { headers: { "Idempotency-Key": key }, data: { items: [line] } }),
      "createResellerInvoice",
      201,
    );
    const reused = await validator.send(client, "createResellerInvoice", {
      headers: { "Idempotency-Key": key },
      data: { items: [line, line] },
    });
    await validator.expectDocumented(reused, "createResellerInvoice", 409);

    const tooLarge = await validator.send(seller, "createCoupon", {
      params: { shopId },
      headers: { "Content-Type": "application/json" },
      data: Buffer.from(`{"code":"${"X".repeat(1024 * 1024)}"}`),
    });
    await validator.expectDocumented(tooLarge, "createCoupon", 413);

    // Failed sign-ins are limited per address and IP: an address of this test's own.
    const email = `nobody-${randomUUID()}@example.test`;
    let last: APIResponse | undefined;
    for (let attempt = 0; attempt < 12 && last?.status() !== 429; attempt++) {
      last = await validator.send(anonymous, "login", { data: { email, password: "wrong" } });
      if (last.status() !== 429) await validator.expectDocumented(last, "login", 422);
    }
    await validator.expectDocumented(last!, "login", 429);
  });
});
