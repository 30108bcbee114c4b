import type { Operation } from "../document";
import { cancelSubscriptionSchema, listSubscriptionsQuery } from "../../subscriptions/schemas";

const tag = "Subscriptions";

export const subscriptionsOperations: Operation[] = [
  {
    method: "get",
    path: "/v1/shops/{shopId}/subscriptions",
    summary: "List subscriptions (seller paginated envelope, newest first)",
    tag,
    auth: "seller",
    query: listSubscriptionsQuery,
    success: { description: "Seller paginated envelope of subscriptions" },
  },
  {
    method: "get",
    path: "/v1/shops/{shopId}/subscriptions/{subscriptionId}",
    summary: "Get a subscription",
    tag,
    auth: "seller",
    success: { description: "Subscription" },
    errors: [404],
  },
  {
    method: "post",
    path: "/v1/shops/{shopId}/subscriptions/{subscriptionId}/cancel",
    summary: "Cancel now, or at the end of the current period with `at_period_end`",
    tag,
    auth: "seller",
    body: cancelSubscriptionSchema,
    success: { description: "The updated subscription; 422 when it is already cancelled or expired" },
    errors: [404],
  },
];
