import { randomUUID } from "node:crypto";
import { ownShop } from "../payment-methods";
import { shopRecord, type Call, type Context } from "./context";

/** Custom domains: in a shop of the test's own (the cap of domains is per shop), each a name no other test uses. */
async function shopWithDomain(context: Context) {
  const shop = await ownShop(context.playwright, context.baseURL, context.anonymous, context.shopId);
  const domain = await shopRecord(shop.client, `/v1/shops/${shop.shopId}/domains`, {
    domain: `o-${randomUUID().slice(0, 12)}.example.com`,
  });
  return { ...shop, domainId: domain.id };
}

export const domainCalls: Record<string, Call> = {
  listDomains: async (context) => {
    const { client, shopId } = await shopWithDomain(context);
    return context.send("listDomains", { client, params: { shopId } });
  },
  createDomain: async (context) => {
    const { client, shopId } = await ownShop(context.playwright, context.baseURL, context.anonymous, context.shopId);
    return context.send("createDomain", { client, params: { shopId }, data: { domain: `o-${randomUUID().slice(0, 12)}.example.com` } });
  },
  getDomain: async (context) => {
    const { client, shopId, domainId } = await shopWithDomain(context);
    return context.send("getDomain", { client, params: { shopId, domainId } });
  },
  deleteDomain: async (context) => {
    const { client, shopId, domainId } = await shopWithDomain(context);
    return context.send("deleteDomain", { client, params: { shopId, domainId } });
  },
  verifyDomain: async (context) => {
    const { client, shopId, domainId } = await shopWithDomain(context);
    return context.send("verifyDomain", { client, params: { shopId, domainId } });
  },
};
