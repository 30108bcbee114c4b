import { randomUUID } from "node:crypto";
import { expect } from "../api";
import { uniqueName } from "../catalog";
import type { SendOptions } from "../openapi";
import { ownReseller } from "../openapi-records";
import { applicationTokenIn, applyAsNewPerson, approvedApplicant, portalClient } from "../reseller-portal";
import { holdSmtpListener } from "../smtp";
import { freshReseller, sign } from "../reseller";
import { shopRecord, type Call } from "./context";

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

/** The reseller API, the seller's resellers and tiers, the reseller portal. */
export const resellerCalls: Record<string, Call> = {
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
  // an account proven by its password applies at once (201; the 202 of an unproven address: reseller-portal.spec.ts)
  applyToResell: async ({ send, anonymous, shopId, seed }) => {
    const person = await applyAsNewPerson(anonymous, shopId);
    return send("applyToResell", {
      client: anonymous,
      data: { shop_id: seed.otherSeller.shopIds[0], email: person.email, password: person.password },
    });
  },
  confirmApplication: async ({ send, anonymous, shopId }) => {
    const email = `applicant-${randomUUID()}@example.test`;
    const smtp = await holdSmtpListener();
    try {
      const applied = await anonymous.post("/v1/reseller/apply", { data: { shop_id: shopId, email, password: `pw-${randomUUID()}` } });
      expect(applied.status(), await applied.text()).toBe(202);
      const token = applicationTokenIn(await smtp.waitFor(email, (mail) => applicationTokenIn(mail) !== undefined, 30_000));
      return send("confirmApplication", { client: anonymous, data: { token } });
    } finally {
      await smtp.close();
    }
  },
  changeResellerPassword: async ({ send, anonymous, seller, shopId, playwright, baseURL }) => {
    const person = await approvedApplicant(anonymous, seller, shopId);
    const client = await portalClient(playwright, baseURL, person.email, person.password);
    return send("changeResellerPassword", { client, data: { current_password: person.password, password: `new-${randomUUID()}` } });
  },
  sendTestDelivery: async ({ send, seller, shopId, playwright, baseURL }) => {
    const { client, product } = await ownReseller(playwright, baseURL, seller, shopId);
    const response = await send("sendTestDelivery", {
      client,
      data: { product_id: product.id, variant_id: product.variants[0]!.id, quantity: 1 },
    });
    expect((await response.json()).status).toBe(200);
    return response;
  },
};
