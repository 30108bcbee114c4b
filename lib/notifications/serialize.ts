import type { Notification } from "../generated/prisma/client";

/** The spec's Notification; `event` and `read_at` are beyond its table (the bell shows unread ones). */
export function serializeNotification(notification: Notification) {
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
