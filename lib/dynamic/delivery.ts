import { Prisma, query, type Db, type PrismaClient } from "../db";
import { decryptSecret } from "../crypto/secrets";
import { queueDeliveryEmail } from "../invoices/email";
import { recordEvent } from "../webhooks/events";
import { invoiceItemEvent } from "../webhooks/objects";
import { callDynamicUrl, MAX_REASON_CHARS, type DynamicCallResult } from "./client";

/**
 * What differs between the seller's invoices and a reseller's purchases;
 * everything else (payload, key format, claim, error text, webhook events)
 * is one rule for both.
 */
export type DeliveryPolicy = {
  /**
   * Where a success is recorded besides the item. `invoice-item`: the
   * invoice is already completed, the buyer gets the delivery email.
   * `reseller-invoice`: the invoice stays pending until no item is, then
   * completes; the reseller reads the lines from the API, no email.
   */
  record: "invoice-item" | "reseller-invoice";
  /** Reads of the invoice call its pending items again (`dueOnRead`), since nobody else will. */
  retryOnRead: boolean;
  /**
   * Which request the Idempotency-Key names. `per-attempt`: each claimed
   * attempt is a new request (the seller asked again: complete, deliver,
   * process, redo). `per-item`: every attempt repeats the first request, so a
   * receiver that already delivered (and charged) answers the same lines.
   */
  key: "per-attempt" | "per-item";
  /** HTTP attempts within one call (network errors, 5xx). */
  attempts: number;
};

export const SELLER_DELIVERY: DeliveryPolicy = { record: "invoice-item", retryOnRead: false, key: "per-attempt", attempts: 3 };
/** The reseller waits for the answer: few inline attempts; reads of the invoice retry later. */
export const RESELLER_DELIVERY: DeliveryPolicy = { record: "reseller-invoice", retryOnRead: true, key: "per-item", attempts: 2 };

/** A claimed call that never recorded its outcome (the process died) may be retried after this. */
const IN_FLIGHT_MS = 2 * 60_000;
/** A pending item is retried on read at most this often, and this many times. */
const RETRY_ON_READ_AFTER_MS = 60_000;
const MAX_ATTEMPTS_ON_READ = 5;

type PayloadInvoice = { id: number; unique_id: string; email: string; shop_id: number };
type PayloadItem = {
  id: number;
  product_id: number | null;
  variant_id: number | null;
  product_name: string;
  variant_name: string;
  quantity: number;
};

/**
 * The JSON a dynamic URL receives; the receiver reads the ordered quantity
 * at `item.quantity`. The item id makes every order's body distinct, which
 * this server's own receiver requires (a signed body it already charged
 * under another key is a replay).
 */
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

/** The client's own retries of a call reuse the key, so a receiver that already delivered answers with the same lines. */
export function dynamicIdempotencyKey(itemId: number, attempt: number): string {
  return `shopdesk-invoice-item-${itemId}-attempt-${attempt}`;
}

/** The body and key of an item's call under `policy`, on its `attempt`-th claim. */
export function dynamicRequest(policy: DeliveryPolicy, invoice: PayloadInvoice, item: PayloadItem, attempt: number) {
  return {
    payload: dynamicPayload(invoice, item),
    idempotencyKey: dynamicIdempotencyKey(item.id, policy.key === "per-item" ? 1 : attempt),
  };
}

/** How a failed call reads in `dynamic_last_error`. */
export function describeFailure(result: Extract<DynamicCallResult, { ok: false }>): string {
  return result.status === null ? result.reason : `HTTP ${result.status}: ${result.reason}`;
}

/** The pending items a read of the invoice should call again: none unless the policy retries on read. */
export function dueOnRead(
  policy: DeliveryPolicy,
  items: { id: number; status: string; dynamic_attempts: number; dynamic_last_at: Date | null }[],
  now = Date.now(),
): number[] {
  if (!policy.retryOnRead) return [];
  return items
    .filter(
      (item) =>
        item.status === "pending" &&
        item.dynamic_attempts < MAX_ATTEMPTS_ON_READ &&
        (item.dynamic_last_at === null || now - item.dynamic_last_at.getTime() > RETRY_ON_READ_AFTER_MS),
    )
    .map((item) => item.id);
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

type Outcome = { ok: true; lines: string[] } | { ok: false; error: string };

/**
 * Calls a dynamic item's URL (after the transaction that sold it has
 * committed, never inside one) and records the outcome on the item, with
 * its webhook event, in one transaction. Never throws for a receiver's
 * failure: the item stays pending with `dynamic_last_error`, to be called
 * again as the policy says. Returns false when the item was not claimed (a
 * call for it is already running, or it is no longer pending).
 */
export async function deliverDynamicItem(
  client: PrismaClient,
  policy: DeliveryPolicy,
  itemId: number,
  options: { redo?: boolean } = {},
): Promise<boolean> {
  const attempt = await claimAttempt(client, itemId, options.redo ?? false);
  if (attempt === null) return false;
  const item = await client.invoiceItem.findUniqueOrThrow({
    where: { id: itemId },
    include: {
      variant: { select: { dynamic_url: true } },
      invoice: { select: { id: true, unique_id: true, email: true, shop_id: true, shop: { select: { dynamic_signing_secret: true } } } },
    },
  });
  const outcome = await call(policy, item, attempt);
  await record(client, policy, { itemId, invoiceId: item.invoice.id, shopId: item.invoice.shop_id }, outcome);
  return true;
}

/** Calls each item in turn; a failing receiver never stops the others. */
export async function deliverDynamicItems(client: PrismaClient, policy: DeliveryPolicy, itemIds: number[]): Promise<void> {
  for (const itemId of itemIds) {
    try {
      await deliverDynamicItem(client, policy, itemId);
    } catch (error) {
      console.error(`dynamic delivery of invoice item ${itemId} failed`, error);
    }
  }
}

async function call(
  policy: DeliveryPolicy,
  item: PayloadItem & {
    variant: { dynamic_url: string | null } | null;
    invoice: PayloadInvoice & { shop: { dynamic_signing_secret: string | null } };
  },
  attempt: number,
): Promise<Outcome> {
  const url = item.variant?.dynamic_url;
  if (!url) return { ok: false, error: "The variant has no dynamic URL." };
  const stored = item.invoice.shop.dynamic_signing_secret;
  if (stored === null) return { ok: false, error: "The shop has no dynamic signing secret." };
  let secret: string;
  try {
    secret = decryptSecret(stored);
  } catch {
    return { ok: false, error: "The shop's dynamic signing secret cannot be decrypted with this server's key." };
  }
  const result = await callDynamicUrl({ url, secret, attempts: policy.attempts, ...dynamicRequest(policy, item.invoice, item, attempt) });
  if (!result.ok) return { ok: false, error: describeFailure(result) };
  if (result.lines.length === 0) return { ok: false, error: "The dynamic URL answered without deliverables." };
  return { ok: true, lines: result.lines };
}

/** The outcome on the item, what the policy records with it, and its webhook event: together or not at all. */
async function record(
  client: PrismaClient,
  policy: DeliveryPolicy,
  { itemId, invoiceId, shopId }: { itemId: number; invoiceId: number; shopId: number },
  outcome: Outcome,
) {
  await client.$transaction(async (tx) => {
    if (policy.record === "reseller-invoice") {
      // Prisma has no row lock. Two items of one invoice recorded at once would
      // each still see the other pending, and the invoice would never complete.
      await query(tx, Prisma.sql`SELECT id FROM invoices WHERE id = ${invoiceId} FOR UPDATE`);
    }
    if (!outcome.ok) {
      await tx.invoiceItem.update({
        where: { id: itemId },
        data: { dynamic_last_error: outcome.error.slice(0, MAX_REASON_CHARS), dynamic_last_at: new Date() },
      });
      await recordEvent(tx, shopId, "invoice.item.delivery_failed", () => invoiceItemEvent(tx, invoiceId, itemId));
      return;
    }
    await tx.invoiceItem.update({
      where: { id: itemId },
      data: { delivered: outcome.lines, status: "completed", dynamic_last_error: null, dynamic_last_at: new Date() },
    });
    if (policy.record === "invoice-item") await queueDeliveryEmail(tx, invoiceId);
    else if ((await tx.invoiceItem.count({ where: { invoice_id: invoiceId, status: "pending" } })) === 0) {
      await tx.invoice.updateMany({ where: { id: invoiceId, status: "pending" }, data: { status: "completed", completed_at: new Date() } });
    }
    await recordEvent(tx, shopId, "invoice.item.delivered", () => invoiceItemEvent(tx, invoiceId, itemId));
  });
}
