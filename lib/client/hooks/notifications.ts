"use client";
import type { LatestNotificationsView, NotificationView } from "../../notifications/schemas";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { NotificationSettingsMap } from "../../notifications/events";
import type { NotificationSettingsPatch } from "../../notifications/schemas";
import { apiFetch } from "../api";
import { queryKeys } from "../query-keys";
import type { Envelope } from "./invoices";

export type Notification = NotificationView;

export type LatestNotifications = LatestNotificationsView;

/** The bell asks again this often, so new orders show without a reload. */
const POLL_MS = 30_000;

const base = (shopId: string) => `/v1/shops/${shopId}/notifications`;

export function useLatestNotifications(shopId: string) {
  return useQuery({
    queryKey: queryKeys.notifications(shopId).latest(),
    queryFn: () => apiFetch<LatestNotifications>(`${base(shopId)}/latest`),
    refetchInterval: POLL_MS,
  });
}

export function useNotificationsPage(shopId: string, page: number) {
  return useQuery({
    queryKey: queryKeys.notifications(shopId).list({ page }),
    queryFn: () => apiFetch<Envelope<Notification>>(`${base(shopId)}/page`, { query: { page } }),
    placeholderData: keepPreviousData,
  });
}

/** Marks every notification of the shop as read; the bell's count drops at once, then everything refetches. */
export function useMarkAllRead(shopId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch<{ message: string; marked: number; unread_count: number }>(`${base(shopId)}/mark-as-read`, { method: "POST" }),
    onSuccess: (result) => {
      const now = new Date().toISOString();
      client.setQueryData<LatestNotifications>(
        queryKeys.notifications(shopId).latest(),
        (latest) =>
          latest && {
            unread_count: result.unread_count,
            notifications: latest.notifications.map((n) => ({ ...n, read_at: n.read_at ?? now })),
          },
      );
      void client.invalidateQueries({ queryKey: queryKeys.notifications(shopId).all });
    },
  });
}

export function useNotificationSettings(shopId: string) {
  return useQuery({
    queryKey: queryKeys.notifications(shopId).settings(),
    queryFn: () => apiFetch<{ settings: NotificationSettingsMap }>(`${base(shopId)}/settings`),
  });
}

export function useSaveNotificationSettings(shopId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (patch: NotificationSettingsPatch) =>
      apiFetch<{ settings: NotificationSettingsMap }>(`${base(shopId)}/settings`, { method: "POST", body: patch }),
    onSuccess: (saved) => client.setQueryData(queryKeys.notifications(shopId).settings(), saved),
  });
}
