import { execute, Prisma, type Db } from "../db";
import { randomId } from "../crypto/tokens";
import type { WebhookEventType } from "./event-types";

/** `data` of an event: the full current object, and ids that say which part of it the event is about. */
export type EventData = { object: unknown } & Record<string, unknown>;

/**
 * What an event reports: its data, or a function that loads it (called only
 * when some endpoint is subscribed, so a shop without webhooks pays for one
 * indexed lookup and nothing else); null means there is nothing to report.
 */
export type EventSource = EventData | null | (() => Promise<EventData | null>);

export const newEventId = () => `evt_${randomId(16)}`;

/** The JSON body of an event, as stored and sent (text, so the signed bytes never change). */
export function eventPayload(id: string, type: string, createdAt: Date, data: EventData): string {
  return JSON.stringify({ id, type, created_at: createdAt.toISOString(), data });
}

/** Which enabled endpoints of a shop take which of the event types asked about (types nobody takes are left out). */
export type Subscriptions = { shopId: number; targets: { type: string; endpointIds: number[] }[] };

/**
 * The shop's enabled endpoints subscribed to any of `types`: one indexed
 * statement, all a shop without webhooks ever pays. The reseller purchase
 * reads the endpoints with its other shop settings before its lock
 * (`subscribersOf`); an endpoint created in between misses that one event,
 * as it would a moment earlier.
 */
export async function subscriptions(db: Db, shopId: number, types: WebhookEventType[]): Promise<Subscriptions> {
  const endpoints = await db.webhookEndpoint.findMany({
    where: { shop_id: shopId, enabled: true },
    select: { id: true, events: true, format: true },
    orderBy: { id: "asc" },
  });
  return subscribersOf(shopId, endpoints, types);
}

/**
 * Whether an endpoint takes events of this type: it chose the type, or chose
 * none (every type). A chat endpoint (Discord, Telegram) that chose none
 * takes the catalog's events (`product.*`) only when it names them: a bulk
 * edit of a thousand products must not post a thousand messages to a
 * channel that asked for sales.
 */
function takes(endpoint: { events: string[]; format?: string }, type: WebhookEventType): boolean {
  if (endpoint.events.length) return endpoint.events.includes(type);
  const chat = endpoint.format === "discord" || endpoint.format === "telegram";
  return !(chat && type.startsWith("product."));
}

/** Which of the shop's enabled endpoints (in id order) take each type (see `takes`). */
export function subscribersOf(
  shopId: number,
  enabledEndpoints: { id: number; events: string[]; format?: string }[],
  types: WebhookEventType[],
): Subscriptions {
  const targets = types
    .map((type) => ({
      type,
      endpointIds: enabledEndpoints.filter((endpoint) => takes(endpoint, type)).map((endpoint) => endpoint.id),
    }))
    .filter((target) => target.endpointIds.length > 0);
  return { shopId, targets };
}

/**
 * Records that something happened in a shop for its webhook endpoints. Call
 * it inside the transaction of the change itself (an outbox): the event and
 * one delivery per subscribed endpoint exist exactly when the change does,
 * so none is lost and none is sent for a change that rolled back; the worker
 * (lib/webhooks/worker.ts) sends them after the commit.
 *
 * An event no enabled endpoint is subscribed to is not stored: nobody could
 * ever receive it (a disabled or later endpoint does not get past events).
 * (The reseller purchase, the hot path, writes its events in its own write
 * statement instead: `newEvents` and `eventInserts` below.)
 */
export async function recordEvent(tx: Db, shopId: number, type: WebhookEventType, source: EventSource): Promise<void> {
  const subscribed = await subscriptions(tx, shopId, [type]);
  if (subscribed.targets.length === 0) return;
  const data = typeof source === "function" ? await source() : source;
  if (data) await storeEvents(tx, subscribed.shopId, subscribed.targets, data);
}

/**
 * One event of `type` per object of a change of many records at once (a bulk
 * update of products): one subscription lookup as `recordEvent`; `load`
 * runs only when some endpoint is subscribed and must read every object in
 * a fixed number of queries (not one per record); then one statement
 * inserts every event and delivery. Deliveries keep the order of `load`'s
 * answer.
 */
export async function recordEvents(tx: Db, shopId: number, type: WebhookEventType, load: () => Promise<EventData[]>): Promise<void> {
  const subscribed = await subscriptions(tx, shopId, [type]);
  if (subscribed.targets.length === 0) return;
  const each = await load();
  if (!each.length) return;
  const createdAt = new Date();
  const batches = each.map((data) => newEvents(subscribed, data, createdAt));
  const events: NewEvents = {
    shopId: subscribed.shopId,
    createdAt,
    rows: batches.flatMap((batch) => batch.rows),
    deliveries: batches.flatMap((batch) => batch.deliveries).map((delivery, order) => ({ ...delivery, order })),
  };
  await execute(tx, Prisma.sql`WITH ${eventInserts(events)} SELECT count(*) FROM "webhook_delivery"`);
}

/**
 * The event rows (one per type, one shared object) and their deliveries, in
 * one statement; also used by the test event of one endpoint. Returns the
 * event ids in the order of `targets`.
 */
export async function storeEvents(tx: Db, shopId: number, targets: Subscriptions["targets"], data: EventData): Promise<string[]> {
  const events = newEvents({ shopId, targets }, data, new Date());
  await execute(tx, Prisma.sql`WITH ${eventInserts(events)} SELECT count(*) FROM "webhook_delivery"`);
  return events.rows.map((event) => event.id);
}

/** Events about to be stored: their rows (payload rendered once, here) and one delivery per subscribed endpoint. */
export type NewEvents = {
  shopId: number;
  createdAt: Date;
  rows: { id: string; type: string; payload: string }[];
  deliveries: { endpoint_id: number; event_id: string; event_type: string; order: number }[];
};

export function newEvents(subscribed: Subscriptions, data: EventData, createdAt: Date): NewEvents {
  const rows = subscribed.targets.map(({ type }) => {
    const id = newEventId();
    return { id, type, payload: eventPayload(id, type, createdAt, data) };
  });
  const deliveries = subscribed.targets
    .flatMap(({ type, endpointIds }, index) =>
      endpointIds.map((endpointId) => ({ endpoint_id: endpointId, event_id: rows[index]!.id, event_type: type })),
    )
    .map((delivery, order) => ({ ...delivery, order }));
  return { shopId: subscribed.shopId, createdAt, rows, deliveries };
}

/**
 * Two CTEs ("webhook_event", "webhook_delivery") that insert the events and
 * their deliveries: the body of `storeEvents`, and a part of any statement
 * that wants its events written with the change itself (the reseller
 * purchase, which thereby adds no round trip under its lock).
 */
export function eventInserts(events: NewEvents): Prisma.Sql {
  return Prisma.sql`"webhook_event" AS (
      INSERT INTO "webhook_events" ("id", "shop_id", "type", "payload", "created_at")
      SELECT e."id", ${events.shopId}, e."type", e."payload", ${events.createdAt}
        FROM jsonb_to_recordset(${JSON.stringify(events.rows)}::jsonb) AS e("id" text, "type" text, "payload" text)
      RETURNING "id"
    ), "webhook_delivery" AS (
      INSERT INTO "webhook_deliveries" ("endpoint_id", "event_id", "event_type", "next_attempt_at", "created_at", "updated_at")
      SELECT d."endpoint_id", d."event_id", d."event_type", ${events.createdAt}, ${events.createdAt}, ${events.createdAt}
        FROM jsonb_to_recordset(${JSON.stringify(events.deliveries)}::jsonb) AS d("endpoint_id" int, "event_id" text, "event_type" text, "order" int)
        JOIN "webhook_event" ON "webhook_event"."id" = d."event_id"
       ORDER BY d."order"
      RETURNING "id"
    )`;
}
