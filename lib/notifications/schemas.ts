import { sellerPageOf, timestamp } from "../api/schemas";
import { boolean } from "../validation/fields";
import * as z from "../validation/zod";
import { pageFields, withPageDefaults } from "../validation/paging";
import { NOTIFICATION_CHANNELS, NOTIFICATION_EVENTS, type ChannelSettings, type NotificationEvent } from "./events";

/** GET /v1/shops/{shopId}/notifications/page */
export const notificationsPageQuery = z
  .object({
    ...pageFields,
  })
  .transform(withPageDefaults);
export type NotificationsPageQuery = z.output<typeof notificationsPageQuery>;

export type NotificationSettingsPatch = Partial<Record<NotificationEvent, Partial<ChannelSettings>>>;

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object" && !Array.isArray(value);

const flag = boolean();

/**
 * POST /v1/shops/{shopId}/notifications/settings: `{ "<event>": { "dashboard":
 * bool, "email": bool } }`, also accepted wrapped as `{ "settings": {...} }`
 * (the shape GET answers with). Partial: what is not sent keeps its value.
 * Unknown events and channels are 422 on their dotted path.
 */
export const notificationSettingsSchema = z.record(z.string(), z.unknown()).transform((body, ctx) => {
  const wrapped = "settings" in body;
  const map = wrapped ? body.settings : body;
  const prefix = wrapped ? ["settings"] : [];
  const patch: NotificationSettingsPatch = {};
  if (!isObject(map)) {
    ctx.addIssue({ code: "custom", path: prefix, message: "The settings field must be an object." });
    return z.NEVER;
  }
  for (const [event, channels] of Object.entries(map)) {
    const path = [...prefix, event];
    if (!(NOTIFICATION_EVENTS as readonly string[]).includes(event)) {
      ctx.addIssue({ code: "custom", path, message: `The selected event ${event} is invalid.` });
      continue;
    }
    if (!isObject(channels)) {
      ctx.addIssue({ code: "custom", path, message: `The ${event} field must be an object of channels (dashboard, email).` });
      continue;
    }
    const choice: Partial<ChannelSettings> = {};
    for (const [channel, value] of Object.entries(channels)) {
      if (!(NOTIFICATION_CHANNELS as readonly string[]).includes(channel)) {
        ctx.addIssue({ code: "custom", path: [...path, channel], message: `The selected channel ${channel} is invalid.` });
        continue;
      }
      const parsed = flag.safeParse(value);
      if (!parsed.success) {
        ctx.addIssue({
          code: "custom",
          path: [...path, channel],
          message: `The ${[...path, channel].join(".")} field must be true or false.`,
        });
        continue;
      }
      choice[channel as keyof ChannelSettings] = parsed.data;
    }
    patch[event as NotificationEvent] = choice;
  }
  return patch;
});

// ---------------------------------------------------------------- responses

/** The spec's Notification; `event` and `read_at` are beyond its table (the bell shows unread ones). */
export const notificationView = z
  .object({
    id: z.uuid(),
    event: z.string().describe(`One of ${NOTIFICATION_EVENTS.join(", ")}, or webhook_disabled (always shown and emailed).`),
    level: z.string().describe("info, success or warning"),
    title: z.string(),
    description: z.string(),
    link: z.string().describe("A relative dashboard path."),
    read_at: timestamp.nullable(),
    created_at: timestamp,
  })
  .meta({ id: "Notification" });
export type NotificationView = z.output<typeof notificationView>;

export const latestNotificationsView = z.object({
  notifications: z.array(notificationView).describe("The newest ones, newest first."),
  unread_count: z.int(),
});
export type LatestNotificationsView = z.output<typeof latestNotificationsView>;

export const notificationPage = sellerPageOf(notificationView);
export type NotificationPage = z.output<typeof notificationPage>;

export const markedAsReadView = z.object({ message: z.string(), marked: z.int(), unread_count: z.int() });
export type MarkedAsReadView = z.output<typeof markedAsReadView>;

const channelSettings = z.object({ dashboard: z.boolean(), email: z.boolean() });

const everyEvent = Object.fromEntries(NOTIFICATION_EVENTS.map((event) => [event, channelSettings])) as Record<
  NotificationEvent,
  typeof channelSettings
>;

/** Every event with its channels (saved choices over the defaults). */
export const notificationSettingsView = z.object({ settings: z.object(everyEvent) }).meta({ id: "NotificationSettings" });
export type NotificationSettingsView = z.output<typeof notificationSettingsView>;
