import type { Operation } from "../operation";
import {
  latestNotificationsView,
  markedAsReadView,
  notificationPage,
  notificationSettingsSchema,
  notificationSettingsView,
  notificationsPageQuery,
} from "../../notifications/schemas";

const tag = "Notifications";
const settings = { description: "Every event with its channels (dashboard, email).", schema: notificationSettingsView };

export const notificationsOperations: Operation[] = [
  {
    operationId: "listLatestNotifications",
    method: "get",
    path: "/v1/shops/{shopId}/notifications/latest",
    summary: "The newest notifications and the unread count",
    tag,
    auth: "seller",
    permission: "shop:read",
    response: { description: "The bell's content.", schema: latestNotificationsView },
  },
  {
    operationId: "listNotifications",
    method: "get",
    path: "/v1/shops/{shopId}/notifications/page",
    summary: "Notifications, newest first",
    tag,
    auth: "seller",
    permission: "shop:read",
    query: notificationsPageQuery,
    response: { description: "Seller paginated envelope of notifications.", schema: notificationPage },
  },
  {
    operationId: "markNotificationsAsRead",
    method: "post",
    path: "/v1/shops/{shopId}/notifications/mark-as-read",
    summary: "Mark every notification as read",
    tag,
    auth: "seller",
    permission: "notifications:write",
    response: { description: "How many were marked, and how many arrived unread since.", schema: markedAsReadView },
  },
  {
    operationId: "getNotificationSettings",
    method: "get",
    path: "/v1/shops/{shopId}/notifications/settings",
    summary: "Which events notify, per channel (dashboard, email)",
    tag,
    auth: "seller",
    permission: "settings:read",
    response: settings,
  },
  {
    operationId: "updateNotificationSettings",
    method: "post",
    path: "/v1/shops/{shopId}/notifications/settings",
    summary: "Change which events notify (partial; also accepted wrapped in `settings`)",
    tag,
    auth: "seller",
    permission: "settings:write",
    body: notificationSettingsSchema,
    response: settings,
  },
];
