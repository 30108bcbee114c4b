import type { AuditContext } from "../audit/context";
import { recordAudit, type AuditChanges } from "../audit/record";
import { execute, Prisma, query, type Db, type PrismaClient } from "../db";
import {
  DEFAULT_CHANNELS,
  NOTIFICATION_EVENTS,
  type ChannelSettings,
  type NotificationEvent,
  type NotificationSettingsMap,
} from "./events";
import type { NotificationSettingsPatch, NotificationSettingsView } from "./schemas";

type Saved = Partial<Record<string, Partial<ChannelSettings>>>;

/** Saved choices over the defaults, for every known event (stale saved events are dropped). */
function withDefaults(saved: Saved | undefined): NotificationSettingsMap {
  return Object.fromEntries(
    NOTIFICATION_EVENTS.map((event) => [event, { ...DEFAULT_CHANNELS, ...pickChannels(saved?.[event]) }]),
  ) as NotificationSettingsMap;
}

function pickChannels(value: Partial<ChannelSettings> | undefined): Partial<ChannelSettings> {
  const out: Partial<ChannelSettings> = {};
  if (typeof value?.dashboard === "boolean") out.dashboard = value.dashboard;
  if (typeof value?.email === "boolean") out.email = value.email;
  return out;
}

export async function readSettings(db: Db, shopId: number): Promise<NotificationSettingsMap> {
  const row = await db.notificationSettings.findUnique({ where: { shop_id: shopId }, select: { settings: true } });
  return withDefaults(row?.settings as Saved | undefined);
}

/** The channels of one event from the stored settings (null: none saved), for a caller that read them with more (the reseller purchase). */
export function channelsFrom(saved: unknown, event: NotificationEvent): ChannelSettings {
  return withDefaults((saved ?? undefined) as Saved | undefined)[event];
}

/** The channels of one event, for `notify()`. */
export async function channelsOf(db: Db, shopId: number, event: NotificationEvent): Promise<ChannelSettings> {
  return (await readSettings(db, shopId))[event];
}

/**
 * POST settings: a partial change (events and channels not sent keep their
 * value). The row is created if missing and locked, so two concurrent
 * changes to different events both stick. The audit log gets each channel
 * that changed (`invoice_completed.email`), in the same transaction.
 */
export async function updateSettings(
  client: PrismaClient,
  shopId: number,
  patch: NotificationSettingsPatch,
  audit: AuditContext,
): Promise<NotificationSettingsView> {
  return client.$transaction(async (tx) => {
    await execute(
      tx,
      Prisma.sql`
      INSERT INTO notification_settings (shop_id, settings, updated_at) VALUES (${shopId}, '{}'::jsonb, (now() AT TIME ZONE 'UTC'))
      ON CONFLICT (shop_id) DO NOTHING`,
    );
    const [row] = await query<{ settings: Saved }>(
      tx,
      Prisma.sql`
      SELECT settings FROM notification_settings WHERE shop_id = ${shopId} FOR UPDATE`,
    );
    const next = withDefaults(row?.settings);
    const changes: AuditChanges = {};
    for (const [event, channels] of Object.entries(patch) as [NotificationEvent, Partial<ChannelSettings>][]) {
      for (const [channel, value] of Object.entries(channels) as [keyof ChannelSettings, boolean][]) {
        if (next[event][channel] !== value) changes[`${event}.${channel}`] = { old: next[event][channel], new: value };
      }
      next[event] = { ...next[event], ...channels };
    }
    await tx.notificationSettings.update({ where: { shop_id: shopId }, data: { settings: next } });
    if (Object.keys(changes).length) {
      await recordAudit(tx, audit, { action: "notification_settings.updated", target: { type: "shop", id: shopId }, changes });
    }
    return { settings: next };
  });
}
