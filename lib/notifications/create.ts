import type { Db } from "../db";
import { appUrl } from "../env";
import { enqueueEmail } from "../outbox/enqueue";
import type { NotificationEvent } from "./events";
import { channelsOf } from "./settings";

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

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!);

async function emailOwner(db: Db, shopId: number, notification: NewNotification) {
  const shop = await db.shop.findUnique({ where: { id: shopId }, select: { name: true, owner: { select: { email: true } } } });
  if (!shop) return;
  const url = `${appUrl()}${notification.link.startsWith("/") ? "" : "/"}${notification.link}`;
  await enqueueEmail(db, {
    shopId,
    to: shop.owner.email,
    subject: `[${shop.name}] ${notification.title}`,
    text: `${notification.title}\n\n${notification.description}\n\n${url}\n`,
    html:
      `<p><strong>${escapeHtml(notification.title)}</strong></p>` +
      `<p>${escapeHtml(notification.description)}</p>` +
      `<p><a href="${escapeHtml(url)}">Open in the dashboard</a></p>`,
    kind: "notification",
  });
}
