import type { Db, PrismaClient } from "../db";
import { notFound, stateConflict } from "../api/errors";
import { hitRateLimit } from "../api/rate-limit";
import { offsetOf, sellerEnvelope } from "../api/pagination";
import { productViews } from "../catalog/views";
import { invoiceView } from "../invoices/find";
import type { WebhookEventType } from "./event-types";
import { findEndpoint } from "./endpoints";
import { storeEvents, type EventData } from "./events";
import type { ListDeliveriesQuery, TestWebhookInput } from "./schemas";
import { deliveryInclude, serializeDelivery } from "./serialize";

/** GET .../webhooks/{webhookId}/deliveries: newest first, with each one's attempts. */
export async function listDeliveries(db: Db, request: Request, shopId: number, endpointId: number, query: ListDeliveriesQuery) {
  await findEndpoint(db, shopId, endpointId);
  const where = {
    endpoint_id: endpointId,
    ...(query.status ? { status: query.status } : {}),
    ...(query.event_type ? { event_type: query.event_type } : {}),
  };
  const [rows, total] = await Promise.all([
    db.webhookDelivery.findMany({ where, include: deliveryInclude, orderBy: { id: "desc" }, skip: offsetOf(query), take: query.perPage }),
    db.webhookDelivery.count({ where }),
  ]);
  return sellerEnvelope(request, query, rows.map(serializeDelivery), total);
}

async function deliveryView(db: Db, id: number) {
  return serializeDelivery(await db.webhookDelivery.findUniqueOrThrow({ where: { id }, include: deliveryInclude }));
}

function refuseDisabled(endpoint: { enabled: boolean }) {
  if (!endpoint.enabled) throw stateConflict("The webhook is disabled: enable it first.");
}

/**
 * POST .../deliveries/{deliveryId}/redeliver: the same event (same id, same
 * body) to the same endpoint again, as a new delivery due now; the old one
 * and its log stay as they were.
 */
/**
 * Test events and redeliveries a shop may ask for per hour, together: each is
 * a call out of our network to an address the seller chose, so a stolen key
 * must not turn them into a stream of requests.
 */
export const MANUAL_SENDS_PER_SHOP_PER_HOUR = 120;

const countManualSend = (db: Db, shopId: number) =>
  hitRateLimit(db, `webhook-manual-send:shop:${shopId}`, MANUAL_SENDS_PER_SHOP_PER_HOUR, 3600);

/**
 * The new delivery is written and read back in one transaction: the worker,
 * woken at commit, may claim it at once, and the answer shows it as queued.
 */
export async function redeliver(db: PrismaClient, shopId: number, endpointId: number, deliveryId: number) {
  await findEndpoint(db, shopId, endpointId);
  await countManualSend(db, shopId);
  const delivery = await db.webhookDelivery.findFirst({
    where: { id: deliveryId, endpoint_id: endpointId },
    include: { endpoint: { select: { enabled: true } } },
  });
  if (!delivery) throw notFound("Delivery");
  refuseDisabled(delivery.endpoint);
  return db.$transaction(async (tx) => {
    const copy = await tx.webhookDelivery.create({
      data: { endpoint_id: delivery.endpoint_id, event_id: delivery.event_id, event_type: delivery.event_type },
    });
    return deliveryView(tx, copy.id);
  });
}

/** A sample of a type: the shop's newest matching record when it has one, flagged `test`. */
async function sampleData(db: Db, shopId: number, type: WebhookEventType): Promise<EventData> {
  if (type.startsWith("invoice.") || type === "reseller.invoice.created") {
    const invoice = await db.invoice.findFirst({ where: { shop_id: shopId }, orderBy: { id: "desc" }, select: { id: true } });
    return { object: invoice ? await invoiceView(db, invoice.id) : null, test: true };
  }
  if (type.startsWith("variant.")) {
    const variant = await db.variant.findFirst({
      where: { product: { shop_id: shopId, deleted_at: null }, deleted_at: null },
      orderBy: { id: "desc" },
      select: { id: true, product_id: true },
    });
    const [product] = variant ? await productViews(db, [variant.product_id]) : [];
    return { object: product ?? null, variant_id: variant?.id ?? null, test: true };
  }
  if (type.startsWith("product.")) {
    const product = await db.product.findFirst({
      where: { shop_id: shopId, deleted_at: null },
      orderBy: { id: "desc" },
      select: { id: true },
    });
    const [view] = product ? await productViews(db, [product.id]) : [];
    return { object: view ?? null, test: true };
  }
  return { object: null, test: true };
}

/** POST .../webhooks/{webhookId}/test: a sample event of the chosen type, to this endpoint only. */
export async function sendTestEvent(client: PrismaClient, shopId: number, endpointId: number, input: TestWebhookInput) {
  const endpoint = await findEndpoint(client, shopId, endpointId);
  refuseDisabled(endpoint);
  await countManualSend(client, shopId);
  const data = await sampleData(client, shopId, input.event_type);
  // written and read back in one transaction, as a redelivery is
  return client.$transaction(async (tx) => {
    const [eventId] = await storeEvents(tx, shopId, [{ type: input.event_type, endpointIds: [endpoint.id] }], data);
    const delivery = await tx.webhookDelivery.findFirstOrThrow({ where: { event_id: eventId }, select: { id: true } });
    return deliveryView(tx, delivery.id);
  });
}
