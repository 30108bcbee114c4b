import type { Db } from "../db";
import { appUrl } from "../env";
import { enqueueEmail, type OutgoingEmail } from "../outbox/enqueue";
import type { NotificationEvent } from "./events";
import { channelsOf } from "./settings";
import { escapeHtml } from "../html/escape";

export type NewNotification = {
  event: NotificationEvent;
  level: "info" | "success" | "warning" | "error";
  title: string;
  description: string;
  /** a relative dashboard path */
  link: string;
};

/**
 * Records that something happened in a shop on the channels the seller chose
 * for this event (lib/notifications/settings.ts): a dashboard notification,
 * and/or an email to the shop owner queued in the outbox. Call it inside the
 * transaction of the change itself, so both exist exactly when the change does.
 */
export async function notify(db: Db, shopId: number, notification: NewNotification): Promise<void> {
  const channels = await channelsOf(db, shopId, notification.event);
  if (channels.dashboard) await db.notification.create({ data: { shop_id: shopId, ...notification } });
  if (channels.email) await emailOwner(db, shopId, notification);
}

/**
 * A notification that must reach the seller whatever the settings say (an
 * automation of theirs has stopped: a webhook endpoint was disabled): the
 * dashboard notification and an email to the shop owner, both always.
 */
export async function notifyAlways(
  db: Db,
  shopId: number,
  notification: Omit<NewNotification, "event"> & { event: string },
): Promise<void> {
  await db.notification.create({ data: { shop_id: shopId, ...notification } });
  await emailOwner(db, shopId, notification);
}

export type ShopOwner = { name: string; owner: { email: string } };

/** The shop's name and owner's address, which a notification email needs (a purchase reads them before its lock). */
export async function shopOwnerOf(db: Db, shopId: number): Promise<ShopOwner | null> {
  return db.shop.findUnique({ where: { id: shopId }, select: { name: true, owner: { select: { email: true } } } });
}

/** The email that tells the shop owner about a notification. */
export function ownerEmail(shopId: number, shop: ShopOwner, notification: Omit<NewNotification, "event">): OutgoingEmail {
  const url = `${appUrl()}${notification.link.startsWith("/") ? "" : "/"}${notification.link}`;
  return {
    shopId,
    to: shop.owner.email,
    subject: `[${shop.name}] ${notification.title}`,
    text: `${notification.title}\n\n${notification.description}\n\n${url}\n`,
    html:
      `<p><strong>${escapeHtml(notification.title)}</strong></p>` +
      `<p>${escapeHtml(notification.description)}</p>` +
      `<p><a href="${escapeHtml(url)}">Open in the dashboard</a></p>`,
    kind: "notification",
  };
}

async function emailOwner(db: Db, shopId: number, notification: Omit<NewNotification, "event">) {
  const shop = await shopOwnerOf(db, shopId);
  if (shop) await enqueueEmail(db, ownerEmail(shopId, shop, notification));
}
