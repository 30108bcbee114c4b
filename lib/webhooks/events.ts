import type { Db } from "../db";
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

/**
 * Records that something happened in a shop for its webhook endpoints. Call
 * it inside the transaction of the change itself (an outbox): the event and
 * one delivery per subscribed endpoint exist exactly when the change does,
 * so none is lost and none is sent for a change that rolled back; the worker
 * (lib/webhooks/worker.ts) sends them after the commit.
 *
 * An event no enabled endpoint is subscribed to is not stored: nobody could
 * ever receive it (a disabled or later endpoint does not get past events),
 * and a purchase in a shop without webhooks stays one cheap statement
 * slower. Several types may share one object (a reseller purchase is both
 * `invoice.created` and `reseller.invoice.created`).
 */
export async function recordEvent(tx: Db, shopId: number, type: WebhookEventType | WebhookEventType[], source: EventSource): Promise<void> {
  const types = Array.isArray(type) ? type : [type];
  const targets = await tx.$queryRaw<{ id: number; type: string }[]>`
    SELECT e.id, t.type FROM webhook_endpoints e CROSS JOIN unnest(${types}::text[]) AS t(type)
     WHERE e.shop_id = ${shopId} AND e.enabled AND (cardinality(e.events) = 0 OR t.type = ANY(e.events))
     ORDER BY e.id`;
  if (targets.length === 0) return;
  const data = typeof source === "function" ? await source() : source;
  if (!data) return;
  for (const eventType of types) {
    const endpointIds = targets.filter((target) => target.type === eventType).map((target) => target.id);
    if (endpointIds.length) await storeEvent(tx, shopId, eventType, data, endpointIds);
  }
}

/** The event row and its deliveries; also used by the test event of one endpoint. */
export async function storeEvent(tx: Db, shopId: number, type: string, data: EventData, endpointIds: number[]): Promise<string> {
  const id = newEventId();
  const createdAt = new Date();
  await tx.webhookEvent.create({
    data: { id, shop_id: shopId, type, payload: eventPayload(id, type, createdAt, data), created_at: createdAt },
  });
  await tx.webhookDelivery.createMany({
    data: endpointIds.map((endpointId) => ({ endpoint_id: endpointId, event_id: id, event_type: type })),
  });
  return id;
}
