import type { Db, PrismaClient } from "../db";
import { decryptSecret } from "../crypto/secrets";
import { callDynamicUrl, type DynamicCallResult } from "../dynamic/client";
import { recordEvent } from "../webhooks/events";
import { invoiceItemEvent } from "../webhooks/objects";
import { queueDeliveryEmail } from "./email";

/** A claimed call that never recorded its outcome (the process died) may be retried after this. */
const IN_FLIGHT_MS = 2 * 60_000;

type PayloadInvoice = { id: number; unique_id: string; email: string; shop_id: number };
type PayloadItem = {
  id: number;
  product_id: number | null;
  variant_id: number | null;
  product_name: string;
  variant_name: string;
  quantity: number;
};

/** The JSON a dynamic URL receives; the receiver reads the ordered quantity at `item.quantity`. */
export function dynamicPayload(invoice: PayloadInvoice, item: PayloadItem) {
  return {
    invoice: { id: invoice.id, unique_id: invoice.unique_id, email: invoice.email, shop_id: invoice.shop_id },
    item: {
      id: item.id,
      product_id: item.product_id,
      variant_id: item.variant_id,
      product_name: item.product_name,
      variant_name: item.variant_name,
      quantity: item.quantity,
    },
  };
}

/**
 * One key per attempt: the client's own retries of an attempt (network
 * errors, 5xx) reuse it, so a receiver that already delivered answers with
 * the same lines; a new attempt (redo) is a new request on purpose.
 */
export function dynamicIdempotencyKey(itemId: number, attempt: number): string {
  return `shopdesk-invoice-item-${itemId}-attempt-${attempt}`;
}

/** How a failed call is recorded in `dynamic_last_error`. */
export function describeFailure(result: Extract<DynamicCallResult, { ok: false }>): string {
  return (result.status === null ? result.reason : `HTTP ${result.status}: ${result.reason}`).slice(0, 1000);
}

/**
 * Claims the next attempt of an item's dynamic call: one conditional update,
 * so two requests never call for the same item at once. Automatic delivery
 * only claims pending items; a redo (the seller asks again) also claims
 * delivered ones. Returns the attempt number, or null when not claimed.
 */
async function claimAttempt(db: Db, itemId: number, redo: boolean): Promise<number | null> {
  const now = new Date();
  const claimed = await db.invoiceItem.updateMany({
    where: {
      id: itemId,
      ...(redo ? {} : { status: "pending" }),
      OR: [
        { dynamic_last_at: null },
        { dynamic_last_error: { not: null } },
        { status: "completed" },
        { dynamic_last_at: { lt: new Date(now.getTime() - IN_FLIGHT_MS) } },
      ],
    },
    data: { dynamic_attempts: { increment: 1 }, dynamic_last_at: now, dynamic_last_error: null },
  });
  if (claimed.count === 0) return null;
  const item = await db.invoiceItem.findUniqueOrThrow({ where: { id: itemId }, select: { dynamic_attempts: true } });
  return item.dynamic_attempts;
}

/**
 * Calls a dynamic item's URL (after the transaction that completed the
 * invoice has committed) and records the outcome on the item. Never throws
 * for a receiver's failure: the invoice stays completed, the item stays
 * pending with `dynamic_last_error`, and `deliver`, `process` or
 * `redo-dynamic-delivery` call again. Returns false when the item was not
 * claimed (a call for it is already running).
 */
export async function deliverDynamicItem(client: PrismaClient, itemId: number, options: { redo?: boolean } = {}): Promise<boolean> {
  const attempt = await claimAttempt(client, itemId, options.redo ?? false);
  if (attempt === null) return false;
  const item = await client.invoiceItem.findUniqueOrThrow({
    where: { id: itemId },
    include: {
      variant: { select: { dynamic_url: true } },
      invoice: { select: { id: true, unique_id: true, email: true, shop_id: true, shop: { select: { dynamic_signing_secret: true } } } },
    },
  });
  const fail = (message: string) =>
    client.$transaction(async (tx) => {
      await tx.invoiceItem.update({
        where: { id: itemId },
        data: { dynamic_last_error: message.slice(0, 1000), dynamic_last_at: new Date() },
      });
      await recordEvent(tx, item.invoice.shop_id, "invoice.item.delivery_failed", () => invoiceItemEvent(tx, item.invoice.id, itemId));
    });

  const url = item.variant?.dynamic_url;
  if (!url) return fail("The variant has no dynamic URL.").then(() => true);
  let secret: string;
  try {
    if (!item.invoice.shop.dynamic_signing_secret) return fail("The shop has no dynamic signing secret.").then(() => true);
    secret = decryptSecret(item.invoice.shop.dynamic_signing_secret);
  } catch {
    return fail("The shop's dynamic signing secret cannot be read.").then(() => true);
  }

  const result = await callDynamicUrl({
    url,
    secret,
    payload: dynamicPayload(item.invoice, item),
    idempotencyKey: dynamicIdempotencyKey(itemId, attempt),
  });
  if (!result.ok) return fail(describeFailure(result)).then(() => true);
  if (result.lines.length === 0) return fail("The dynamic URL answered without deliverables.").then(() => true);

  // The lines and the email that carries them are written together.
  await client.$transaction(async (tx) => {
    await tx.invoiceItem.update({
      where: { id: itemId },
      data: { delivered: result.lines, status: "completed", dynamic_last_error: null, dynamic_last_at: new Date() },
    });
    await queueDeliveryEmail(tx, item.invoice.id);
    await recordEvent(tx, item.invoice.shop_id, "invoice.item.delivered", () => invoiceItemEvent(tx, item.invoice.id, itemId));
  });
  return true;
}

/** Calls each item in turn; a failing receiver never stops the others. */
export async function deliverDynamicItems(client: PrismaClient, itemIds: number[]): Promise<void> {
  for (const itemId of itemIds) {
    try {
      await deliverDynamicItem(client, itemId);
    } catch (error) {
      console.error(`dynamic delivery of invoice item ${itemId} failed`, error);
    }
  }
}
