import type { Operation } from "../document";
import { notificationSettingsSchema, notificationsPageQuery } from "../../notifications/schemas";

const tag = "Notifications";

export const notificationsOperations: Operation[] = [
  {
    method: "get",
    path: "/v1/shops/{shopId}/notifications/latest",
    summary: "The newest notifications and the unread count",
    tag,
    auth: "seller",
    success: { description: "`{notifications: Notification[], unread_count}`" },
  },
  {
    method: "get",
    path: "/v1/shops/{shopId}/notifications/page",
    summary: "Notifications, newest first (seller paginated envelope)",
    tag,
    auth: "seller",
    query: notificationsPageQuery,
    success: { description: "Seller paginated envelope of Notification" },
  },
  {
    method: "post",
    path: "/v1/shops/{shopId}/notifications/mark-as-read",
    summary: "Mark every notification as read",
    tag,
    auth: "seller",
    success: { description: "`{message, marked, unread_count}`" },
  },
  {
    method: "get",
    path: "/v1/shops/{shopId}/notifications/settings",
    summary: "Which events notify, per channel (dashboard, email)",
    tag,
    auth: "seller",
    success: { description: "`{settings: {<event>: {dashboard, email}}}`" },
  },
  {
    method: "post",
    path: "/v1/shops/{shopId}/notifications/settings",
    summary: "Change which events notify (partial)",
    tag,
    auth: "seller",
    body: notificationSettingsSchema,
    success: { description: "`{settings: {<event>: {dashboard, email}}}`" },
  },
];
