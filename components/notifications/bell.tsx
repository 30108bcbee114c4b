"use client";
import Link from "next/link";
import { useEffect, useId, useRef, useState } from "react";
import { useLatestNotifications, useMarkAllRead } from "@/lib/client/hooks/notifications";
import { NotificationItem } from "./notification-item";

/** The header's notification bell: unread count, the latest notifications (polled), mark all as read. */
export function NotificationBell({ shopId }: { shopId: string }) {
  const latest = useLatestNotifications(shopId);
  const markRead = useMarkAllRead(shopId);
  const [open, setOpen] = useState(false);
  // on phones the panel spans the screen just under the bell, which sits anywhere in the wrapped header
  const [phoneTop, setPhoneTop] = useState<number | undefined>(undefined);
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const unread = latest.data?.unread_count ?? 0;

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: MouseEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener("mousedown", closeOutside);
    document.addEventListener("keydown", closeOnEscape);
    return () => {
      document.removeEventListener("mousedown", closeOutside);
      document.removeEventListener("keydown", closeOnEscape);
    };
  }, [open]);

  return (
    <div ref={wrapper} className="relative">
      <button
        ref={button}
        type="button"
        aria-label={`Notifications, ${unread} unread`}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          const narrow = !window.matchMedia("(min-width: 640px)").matches;
          setPhoneTop(narrow ? (button.current?.getBoundingClientRect().bottom ?? 0) + 8 : undefined);
          setOpen(!open);
        }}
        className="relative rounded p-1.5 text-slate-600 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
          <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
        </svg>
        {unread ? (
          <span
            aria-hidden="true"
            className="absolute -right-1 -top-1 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs font-semibold leading-5 text-white"
          >
            {/* the exact count, which the button's name also says (its visible text must be part of its name) */}
            {unread}
          </span>
        ) : null}
      </button>
      {open ? (
        <div
          id={panelId}
          role="region"
          aria-label="Latest notifications"
          style={{ top: phoneTop }}
          className="fixed inset-x-2 z-30 rounded-lg border border-slate-200 bg-white shadow-lg sm:absolute sm:inset-x-auto sm:right-0 sm:top-full sm:mt-2 sm:w-96"
        >
          <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-3 py-2">
            <h2 className="text-sm font-semibold">Notifications</h2>
            <button
              type="button"
              disabled={unread === 0 || markRead.isPending}
              onClick={() => markRead.mutate()}
              className="rounded px-2 py-1 text-sm text-blue-700 hover:bg-blue-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 disabled:text-slate-400 disabled:hover:bg-transparent"
            >
              Mark all as read
            </button>
          </div>
          <div className="max-h-[60vh] divide-y divide-slate-100 overflow-y-auto">
            {latest.error ? (
              <p role="alert" className="p-3 text-sm text-red-700">
                The notifications could not load: {latest.error.message}
              </p>
            ) : !latest.data ? (
              <p className="p-3 text-sm text-slate-500">Loading…</p>
            ) : latest.data.notifications.length === 0 ? (
              <p className="p-3 text-sm text-slate-500">No notifications yet.</p>
            ) : (
              latest.data.notifications.map((notification) => (
                <NotificationItem key={notification.id} shopId={shopId} notification={notification} onNavigate={() => setOpen(false)} />
              ))
            )}
          </div>
          {markRead.error ? (
            <p role="alert" className="border-t border-slate-200 px-3 py-2 text-sm text-red-700">
              {markRead.error.message}
            </p>
          ) : null}
          <div className="border-t border-slate-200 px-3 py-2 text-right">
            <Link
              href={`/dashboard/${shopId}/notifications`}
              onClick={() => setOpen(false)}
              className="text-sm text-blue-700 hover:underline"
            >
              All notifications and settings
            </Link>
          </div>
        </div>
      ) : null}
    </div>
  );
}
