import type { Db } from "../db";
import { decryptSecret } from "../crypto/secrets";
import { callDynamicUrl } from "../dynamic/client";

/** A pending dynamic item is retried on read at most this often, and this many times. */
const RETRY_AFTER_MS = 60_000;
const MAX_ATTEMPTS = 5;

/**
 * Fetches the deliverables of a reseller invoice's pending dynamic items
 * from each variant's dynamic URL, signed with the supplying shop's dynamic
 * signing secret. Runs after the purchase committed (never inside its
 * transaction); the Idempotency-Key is fixed per item, so a retry never
 * makes the remote side deliver (or charge) twice. Items are completed with
 * a conditional update, and the invoice once no item is pending.
 */
export async function deliverDynamicItems(db: Db, invoiceId: number, itemIds?: number[], attempts = 2): Promise<void> {
  const invoice = await db.invoice.findUnique({
    where: { id: invoiceId },
    select: { unique_id: true, shop: { select: { id: true, dynamic_signing_secret: true } } },
  });
  if (!invoice) return;
  const items = await db.invoiceItem.findMany({
    where: { invoice_id: invoiceId, status: "pending", ...(itemIds ? { id: { in: itemIds } } : {}) },
    include: { variant: { select: { dynamic_url: true } } },
    orderBy: { id: "asc" },
  });
  const secret = signingSecretOf(invoice.shop.dynamic_signing_secret);
  for (const item of items) {
    const url = item.variant?.dynamic_url;
    const result = !url
      ? notCalled("The variant has no dynamic URL.")
      : !secret.ok
        ? notCalled(secret.reason)
        : await callDynamicUrl({
            url,
            secret: secret.plain,
            idempotencyKey: `shopdesk-${invoice.unique_id}-${item.id}`,
            // the buyer is waiting: few inline attempts; reads of the invoice retry later
            attempts,
            payload: {
              invoice: { unique_id: invoice.unique_id },
              item: { product_id: item.product_id, variant_id: item.variant_id, quantity: item.quantity },
            },
          });
    if (result.ok && result.lines.length) {
      await db.invoiceItem.updateMany({
        where: { id: item.id, status: "pending" },
        data: {
          status: "completed",
          delivered: result.lines,
          dynamic_attempts: { increment: 1 },
          dynamic_last_at: new Date(),
          dynamic_last_error: null,
        },
      });
    } else {
      const reason = result.ok ? "The dynamic URL answered without deliverables." : result.reason;
      await db.invoiceItem.updateMany({
        where: { id: item.id, status: "pending" },
        data: { dynamic_attempts: { increment: 1 }, dynamic_last_at: new Date(), dynamic_last_error: reason.slice(0, 500) },
      });
    }
  }
  const stillPending = await db.invoiceItem.count({ where: { invoice_id: invoiceId, status: "pending" } });
  if (stillPending === 0) {
    await db.invoice.updateMany({ where: { id: invoiceId, status: "pending" }, data: { status: "completed", completed_at: new Date() } });
  }
}

const notCalled = (reason: string) => ({ ok: false, status: null, reason }) as const;

/** The shop's signing secret, or why it cannot sign: recorded on the item, never thrown after the purchase committed. */
function signingSecretOf(stored: string | null): { ok: true; plain: string } | { ok: false; reason: string } {
  if (stored === null) return { ok: false, reason: "The shop has no dynamic signing secret." };
  try {
    return { ok: true, plain: decryptSecret(stored) };
  } catch {
    return { ok: false, reason: "The shop's dynamic signing secret cannot be decrypted with this server's key." };
  }
}

/** Whether a read of the invoice should try its pending dynamic items again. */
export function shouldRetryDynamic(items: { status: string; dynamic_attempts: number; dynamic_last_at: Date | null }[]): boolean {
  return items.some(
    (item) =>
      item.status === "pending" &&
      item.dynamic_attempts < MAX_ATTEMPTS &&
      (item.dynamic_last_at === null || Date.now() - item.dynamic_last_at.getTime() > RETRY_AFTER_MS),
  );
}
