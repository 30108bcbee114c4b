import { randomUUID } from "node:crypto";
import type { APIRequestContext, APIResponse } from "@playwright/test";
import { expect } from "../api";
import { shopRecord, type Call } from "./context";

/** Webhook endpoints and their deliveries. */
export const webhookCalls: Record<string, Call> = {
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
