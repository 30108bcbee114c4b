import type { Db } from "../db";
import { DEFAULT_CHANNELS, type ChannelSettings, type NotificationEvent } from "./events";

export type NewNotification = {
  event: NotificationEvent;
  level: "info" | "success" | "warning" | "error";
  title: string;
  description: string;
  /** a relative dashboard path */
  link: string;
};

/**
 * Records that something happened in a shop, if the seller wants this event
 * in the dashboard. Call it inside the transaction of the change itself.
 * (The email channel is sent by the notifications area when it is enabled.)
 */
export async function notify(db: Db, shopId: number, notification: NewNotification): Promise<void> {
  const row = await db.notificationSettings.findUnique({ where: { shop_id: shopId }, select: { settings: true } });
  const saved = (row?.settings as Record<string, Partial<ChannelSettings>> | undefined)?.[notification.event];
  const channels = { ...DEFAULT_CHANNELS, ...saved };
  if (!channels.dashboard) return;
  await db.notification.create({ data: { shop_id: shopId, ...notification } });
}
