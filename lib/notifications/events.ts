/** The events that create notifications; sellers choose per event and channel which ones notify them. */
export const NOTIFICATION_EVENTS = [
  "invoice_completed",
  "invoice_refunded",
  "stock_low",
  "reseller_order",
  "reseller_applied",
  "subscription_cancelled",
  "affiliate_payout",
] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

export type ChannelSettings = { dashboard: boolean; email: boolean };

/** Without saved settings every event shows in the dashboard and none is emailed. */
export const DEFAULT_CHANNELS: ChannelSettings = { dashboard: true, email: false };

/** Where a notification can reach the seller: the dashboard bell, or an email to the shop owner. */
export const NOTIFICATION_CHANNELS = ["dashboard", "email"] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** Every event with its channels. */
export type NotificationSettingsMap = Record<NotificationEvent, ChannelSettings>;
