import type { Operation } from "../operation";
import { messageBody } from "../../api/schemas";
import {
  createWebhookSchema,
  createdWebhookEndpointView,
  listDeliveriesQuery,
  rotatedWebhookSecretView,
  testWebhookSchema,
  updateWebhookSchema,
  webhookDeliveryPage,
  webhookDeliveryView,
  webhookEndpointList,
  webhookEndpointView,
} from "../../webhooks/schemas";

const tag = "Webhooks";
const webhook = "/v1/shops/{shopId}/webhooks/{webhookId}";

export const webhooksOperations: Operation[] = [
  {
    operationId: "listWebhooks",
    method: "get",
    path: "/v1/shops/{shopId}/webhooks",
    summary: "List the shop's webhook endpoints",
    tag,
    auth: "seller",
    response: { description: "Every endpoint, oldest first.", schema: webhookEndpointList },
  },
  {
    operationId: "createWebhook",
    method: "post",
    path: "/v1/shops/{shopId}/webhooks",
    summary: "Create a webhook endpoint (its signing secret is answered only now)",
    description:
      "`format` standard needs `url` (signed JSON, Standard Webhooks); discord needs the channel's Discord webhook `url`; " +
      "telegram needs `telegram_bot_token` and `telegram_chat_id`. `events` empty or absent = every type.",
    tag,
    auth: "seller",
    body: createWebhookSchema,
    response: { status: 201, description: "The endpoint with its `secret`.", schema: createdWebhookEndpointView },
  },
  {
    operationId: "getWebhook",
    method: "get",
    path: webhook,
    summary: "Get a webhook endpoint",
    tag,
    auth: "seller",
    response: { description: "The endpoint.", schema: webhookEndpointView },
  },
  {
    operationId: "updateWebhook",
    method: "put",
    path: webhook,
    summary: "Update a webhook endpoint (fields not sent keep their value; enabling clears a failing stretch)",
    tag,
    auth: "seller",
    body: updateWebhookSchema,
    response: { description: "The updated endpoint.", schema: webhookEndpointView },
  },
  {
    operationId: "deleteWebhook",
    method: "delete",
    path: webhook,
    summary: "Delete a webhook endpoint and its delivery log",
    tag,
    auth: "seller",
    response: { description: "`Webhook deleted.`", schema: messageBody },
  },
  {
    operationId: "rotateWebhookSecret",
    method: "post",
    path: `${webhook}/secret/rotate`,
    summary: "Replace the signing secret (the old one stops signing at once)",
    tag,
    auth: "seller",
    response: { description: "The new secret, shown only now.", schema: rotatedWebhookSecretView },
  },
  {
    operationId: "listWebhookDeliveries",
    method: "get",
    path: `${webhook}/deliveries`,
    summary: "The endpoint's deliveries, newest first, each with every attempt (request and response)",
    tag,
    auth: "seller",
    query: listDeliveriesQuery,
    response: { description: "Seller paginated envelope of deliveries.", schema: webhookDeliveryPage },
  },
  {
    operationId: "redeliverWebhookDelivery",
    method: "post",
    path: `${webhook}/deliveries/{deliveryId}/redeliver`,
    summary: "Send a delivery's event again (same event id and body), as a new delivery",
    tag,
    auth: "seller",
    errors: ["Invalid"],
    response: { status: 201, description: "The new delivery (pending).", schema: webhookDeliveryView },
  },
  {
    operationId: "testWebhook",
    method: "post",
    path: `${webhook}/test`,
    summary: "Send a sample event of a chosen type to this endpoint",
    tag,
    auth: "seller",
    body: testWebhookSchema,
    response: { status: 201, description: "The test delivery (pending).", schema: webhookDeliveryView },
  },
];
