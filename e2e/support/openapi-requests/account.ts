import { randomUUID } from "node:crypto";
import { expect } from "../api";
import { uniqueName } from "../catalog";
import { dashboardClient, mailedResetToken, totpCode, turnOnTwoFactor } from "../accounts";
import { invitationMail, invitationToken, invite, memberEmail } from "../members";
import { applyAsNewPerson, approvedApplicant } from "../reseller-portal";
import { holdSmtpListener } from "../smtp";
import { createShopAs, newShopOwner, uniqueSubdomain } from "../shops";
import type { Call } from "./context";

/** System, account, members and shops: accounts of the test's own where a call changes one. */
export const accountCalls: Record<string, Call> = {
  // system and account
  getHealth: ({ send, anonymous }) => send("getHealth", { client: anonymous }),
  getReadiness: ({ send, anonymous }) => send("getReadiness", { client: anonymous }),
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
  getAnalytics: ({ send, shopId }) => send("getAnalytics", { params: { shopId }, query: { excludeManual: "true" } }),
  getAnalyticsGraph: ({ send, shopId }) =>
    send("getAnalyticsGraph", { params: { shopId }, query: { start: "2026-01-01", end: "2026-01-31" } }),
  getTopProducts: ({ send, shopId }) => send("getTopProducts", { params: { shopId }, query: { limit: 5 } }),
  getTopCustomers: ({ send, shopId }) => send("getTopCustomers", { params: { shopId }, query: { currency: "usd" } }),
  // shops are made by accounts of the test's own: the demo seller's shops and their limit stay as other specs expect
  createShop: async ({ send, anonymous, shopId, playwright, baseURL }) => {
    const owner = await newShopOwner(playwright, baseURL, anonymous, shopId);
    return send("createShop", { client: owner.client, data: { name: "OpenAPI shop", subdomain: uniqueSubdomain("oa") } });
  },
  updateShop: async ({ send, anonymous, shopId, playwright, baseURL }) => {
    const owner = await newShopOwner(playwright, baseURL, anonymous, shopId);
    const shop = await createShopAs(owner.client);
    return send("updateShop", {
      client: owner.client,
      params: { shopId: shop.id },
      data: { description: "Updated", discord_url: "https://discord.gg/x" },
    });
  },
  deleteShop: async ({ send, anonymous, shopId, playwright, baseURL }) => {
    const owner = await newShopOwner(playwright, baseURL, anonymous, shopId);
    const shop = await createShopAs(owner.client);
    return send("deleteShop", { client: owner.client, params: { shopId: shop.id }, data: { name: shop.name, password: owner.password } });
  },
};
