"use client";

/** The header's notification bell (unread count and the latest notifications). */
export function NotificationBell(_props: { shopId: string }) {
  return null;
}
