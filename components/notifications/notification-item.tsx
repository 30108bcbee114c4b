"use client";
import Link from "next/link";
import type { Notification } from "@/lib/client/hooks/notifications";

const LEVEL_DOT: Record<string, string> = {
  success: "bg-green-500",
  warning: "bg-amber-500",
  error: "bg-red-500",
  info: "bg-blue-500",
};

/**
 * Notifications link to dashboard pages without a shop
 * (`/dashboard/invoices/12`); the shop they belong to goes in.
 */
export function shopLink(shopId: string, link: string | null): string | null {
  if (!link) return null;
  const match = /^\/dashboard(\/.*)?$/.exec(link);
  if (!match) return link;
  const rest = match[1] ?? "";
  return /^\/\d+(\/|$)/.test(rest) ? link : `/dashboard/${shopId}${rest}`;
}

/** One notification: level, title, text, age and whether it is read; the title links where it points. */
export function NotificationItem({
  shopId,
  notification,
  onNavigate,
}: {
  shopId: string;
  notification: Notification;
  onNavigate?: () => void;
}) {
  const href = shopLink(shopId, notification.link);
  const unread = notification.read_at === null;
  return (
    <div className={`flex gap-3 px-3 py-2 ${unread ? "bg-blue-50/60" : ""}`}>
      <span aria-hidden="true" className={`mt-1.5 size-2 shrink-0 rounded-full ${LEVEL_DOT[notification.level] ?? LEVEL_DOT.info}`} />
      <div className="min-w-0 flex-1 text-sm">
        <p className="font-medium">
          {href ? (
            <Link
              href={href}
              onClick={onNavigate}
              className="hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
            >
              {notification.title}
            </Link>
          ) : (
            notification.title
          )}
          {unread ? <span className="sr-only"> (unread)</span> : null}
        </p>
        {notification.description ? <p className="break-words text-slate-600">{notification.description}</p> : null}
        <p className="text-xs text-slate-500">{new Date(notification.created_at).toLocaleString()}</p>
      </div>
    </div>
  );
}
