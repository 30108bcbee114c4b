import type { Db } from "../db";
import { offsetOf } from "../api/pagination";
import type { LatestNotificationsView, MarkedAsReadView, NotificationsPageQuery } from "./schemas";
import { serializeNotification } from "./serialize";

/** How many notifications the dashboard bell shows. */
export const LATEST_COUNT = 10;

/** Newest first; the id breaks ties between notifications of the same millisecond. */
const newestFirst = [{ created_at: "desc" as const }, { id: "desc" as const }];

/** GET .../notifications/latest: `{ notifications, unread_count }`. */
export async function latestNotifications(db: Db, shopId: number): Promise<LatestNotificationsView> {
  const [rows, unread] = await Promise.all([
    db.notification.findMany({ where: { shop_id: shopId }, orderBy: newestFirst, take: LATEST_COUNT }),
    db.notification.count({ where: { shop_id: shopId, read_at: null } }),
  ]);
  return { notifications: rows.map(serializeNotification), unread_count: unread };
}

/** GET .../notifications/page: one page, newest first. */
export async function notificationsPage(db: Db, shopId: number, query: NotificationsPageQuery) {
  const where = { shop_id: shopId };
  const [rows, total] = await Promise.all([
    db.notification.findMany({ where, orderBy: newestFirst, skip: offsetOf(query), take: query.perPage }),
    db.notification.count({ where }),
  ]);
  return { data: rows.map(serializeNotification), total };
}

/** POST .../notifications/mark-as-read: every unread notification of the shop, in one statement. */
export async function markAllAsRead(db: Db, shopId: number): Promise<MarkedAsReadView> {
  const { count } = await db.notification.updateMany({ where: { shop_id: shopId, read_at: null }, data: { read_at: new Date() } });
  // Not simply 0: a notification may arrive between the update and the answer.
  const unread = await db.notification.count({ where: { shop_id: shopId, read_at: null } });
  return { message: "Notifications marked as read.", marked: count, unread_count: unread };
}
