import type { Notification } from "../generated/prisma/client";
import type { NotificationView } from "./schemas";

/** The spec's Notification; `event` and `read_at` are beyond its table (the bell shows unread ones). */
export function serializeNotification(notification: Notification): NotificationView {
  return {
    id: notification.id,
    event: notification.event,
    level: notification.level,
    title: notification.title,
    description: notification.description,
    link: notification.link,
    read_at: notification.read_at?.toISOString() ?? null,
    created_at: notification.created_at.toISOString(),
  };
}
