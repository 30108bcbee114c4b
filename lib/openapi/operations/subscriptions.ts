import type { Operation } from "../operation";
import { cancelSubscriptionSchema, listSubscriptionsQuery, subscriptionPage, subscriptionView } from "../../subscriptions/schemas";

const tag = "Subscriptions";

export const subscriptionsOperations: Operation[] = [
  {
    operationId: "listSubscriptions",
    method: "get",
    path: "/v1/shops/{shopId}/subscriptions",
    summary: "List subscriptions (newest first)",
    tag,
    auth: "seller",
    permission: "invoices:read",
    query: listSubscriptionsQuery,
    response: { description: "Seller paginated envelope of subscriptions.", schema: subscriptionPage },
  },
  {
    operationId: "getSubscription",
    method: "get",
    path: "/v1/shops/{shopId}/subscriptions/{subscriptionId}",
    summary: "Get a subscription",
    tag,
    auth: "seller",
    permission: "invoices:read",
    response: { description: "The subscription.", schema: subscriptionView },
  },
  {
    operationId: "cancelSubscription",
    method: "post",
    path: "/v1/shops/{shopId}/subscriptions/{subscriptionId}/cancel",
    summary: "Cancel now, or at the end of the current period with `at_period_end`",
    description: "A cancelled or expired subscription is 422 (state conflict); asking again for the period's end changes nothing.",
    tag,
    auth: "seller",
    permission: "invoices:write",
    body: cancelSubscriptionSchema,
    response: { description: "The updated subscription.", schema: subscriptionView },
  },
];
