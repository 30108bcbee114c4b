"use client";
import { useParams } from "next/navigation";
import { Suspense } from "react";
import { Button } from "@/components/button";
import { EmptyNotice, ErrorNotice, Skeleton, StatusNotice } from "@/components/notice";
import { NotificationItem } from "@/components/notifications/notification-item";
import { NotificationSettingsForm } from "@/components/notifications/notification-settings-form";
import { Pagination } from "@/components/pagination";
import { useLatestNotifications, useMarkAllRead, useNotificationSettings, useNotificationsPage } from "@/lib/client/hooks/notifications";
import { useUrlState } from "@/lib/client/use-url-state";
import { notificationsPageQuery } from "@/lib/notifications/schemas";

function NotificationsView() {
  const { shopId } = useParams<{ shopId: string }>();
  const { values, setFilters } = useUrlState(notificationsPageQuery.in);
  const notifications = useNotificationsPage(shopId, values.page ?? 1);
  const latest = useLatestNotifications(shopId);
  const settings = useNotificationSettings(shopId);
  const markRead = useMarkAllRead(shopId);
  const unread = latest.data?.unread_count ?? 0;

  return (
    <section className="grid items-start gap-8 lg:grid-cols-3">
      <div className="space-y-4 lg:col-span-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h1 className="text-2xl font-semibold">Notifications</h1>
          <Button variant="secondary" disabled={unread === 0 || markRead.isPending} onClick={() => markRead.mutate()}>
            Mark all as read{unread ? ` (${unread})` : ""}
          </Button>
        </div>
        <div aria-live="polite">
          {markRead.error ? (
            <ErrorNotice>{markRead.error.message}</ErrorNotice>
          ) : markRead.isSuccess ? (
            <StatusNotice>{markRead.data.message}</StatusNotice>
          ) : null}
        </div>
        {notifications.error ? (
          <ErrorNotice>{notifications.error.message}</ErrorNotice>
        ) : !notifications.data ? (
          <Skeleton label="Loading notifications" />
        ) : notifications.data.data.length === 0 ? (
          <EmptyNotice>No notifications yet.</EmptyNotice>
        ) : (
          <>
            <ul className="divide-y divide-slate-100 overflow-hidden rounded-lg border border-slate-200 bg-white">
              {notifications.data.data.map((notification) => (
                <li key={notification.id}>
                  <NotificationItem shopId={shopId} notification={notification} />
                </li>
              ))}
            </ul>
            <Pagination envelope={notifications.data} onPage={(page) => setFilters({ page })} />
          </>
        )}
      </div>

      <div className="space-y-3 lg:sticky lg:top-4">
        <div>
          <h2 className="text-lg font-semibold">Settings</h2>
          <p className="text-sm text-slate-500">Which events notify you, in the dashboard and by email to the shop owner.</p>
        </div>
        {settings.error ? (
          <ErrorNotice>{settings.error.message}</ErrorNotice>
        ) : !settings.data ? (
          <Skeleton label="Loading notification settings" className="h-80" />
        ) : (
          <NotificationSettingsForm shopId={shopId} settings={settings.data.settings} />
        )}
      </div>
    </section>
  );
}

export default function NotificationsPage() {
  return (
    <Suspense fallback={<Skeleton label="Loading notifications" />}>
      <NotificationsView />
    </Suspense>
  );
}
