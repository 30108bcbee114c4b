import { Prisma, query, type Db, type PrismaClient } from "../db";
import { stateConflict, validationFailed, type FieldErrors } from "../api/errors";
import { hitRateLimit } from "../api/rate-limit";
import { reverseAffiliateCommission } from "../affiliates/commissions";
import { Decimal } from "../money";
import type { ReplaceDeliveredInput } from "./action-schemas";
import { deliverDynamicItem, SELLER_DELIVERY } from "../dynamic/delivery";
import { queueDeliveryEmail } from "./email";
import { findInvoiceId } from "./find";
import type { AuditContext } from "../audit/context";
import { maskSecret } from "../audit/record";
import { moneyString } from "../money";
import { editInvoice, invoiceAudit } from "./transitions";

/** PUT dashboard-note: a string sets the seller's private note, null clears it. */
export function setDashboardNote(client: PrismaClient, shopId: number, invoiceRef: string, note: string | null) {
  return editInvoice(client, shopId, invoiceRef, async (tx, invoice) => {
    await tx.invoice.update({ where: { id: invoice.id }, data: { dashboard_note: note } });
  });
}

/** PUT paid-amount: what was really received (an under- or overpayment the seller settles by hand). */
export function setPaidAmount(
  client: PrismaClient,
  shopId: number,
  invoiceRef: string,
  paid: number,
  paidUsd: number,
  audit: AuditContext,
) {
  const entry = invoiceAudit(audit, "invoice.paid_amount_changed", true);
  return editInvoice(
    client,
    shopId,
    invoiceRef,
    async (tx, invoice) => {
      const before = await tx.invoice.findUniqueOrThrow({ where: { id: invoice.id }, select: { paid: true, paid_usd: true } });
      // The schema allows at most 2 decimals, so the decimal text of the number is exact.
      const after = { paid: new Decimal(String(paid)), paid_usd: new Decimal(String(paidUsd)) };
      await tx.invoice.update({ where: { id: invoice.id }, data: after });
      for (const field of ["paid", "paid_usd"] as const) {
        const [old, next] = [before[field] === null ? null : moneyString(before[field]), moneyString(after[field])];
        if (old !== next) entry.changes[field] = { old, new: next };
      }
    },
    entry,
  );
}

/**
 * POST ship: records the shipment now, with the tracking details sent.
 * Shipping again updates the time and replaces the tracking details that are sent.
 */
export function shipInvoice(
  client: PrismaClient,
  shopId: number,
  invoiceRef: string,
  tracking: { tracking_code?: string; tracking_link?: string },
) {
  return editInvoice(client, shopId, invoiceRef, async (tx, invoice) => {
    await tx.invoice.update({
      where: { id: invoice.id },
      data: {
        shipped_at: new Date(),
        ...(tracking.tracking_code !== undefined && { tracking_code: tracking.tracking_code }),
        ...(tracking.tracking_link !== undefined && { tracking_link: tracking.tracking_link }),
      },
    });
  });
}

/** POST reverse-affiliate-commission: status unchanged, the credited commission clawed back once. */
export function reverseCommission(client: PrismaClient, shopId: number, invoiceRef: string) {
  return editInvoice(client, shopId, invoiceRef, (tx, invoice) => reverseAffiliateCommission(tx, invoice.id));
}

const invalidItem = () => validationFailed({ invoice_item_id: ["The selected invoice item id is invalid."] });

async function itemOf(tx: Db, invoiceId: number, itemId: number) {
  const item = await tx.invoiceItem.findFirst({
    where: { id: itemId, invoice_id: invoiceId },
    include: { variant: { select: { product: { select: { deliverables_type: true } } } } },
  });
  if (!item) throw invalidItem();
  return item;
}

/**
 * The new `delivered` of an item after replacing lines: each key of
 * `replacements` names a delivered line by its 0-based index or by its exact
 * text; an unknown key is a 422 on `replacements.<key>`.
 */
export function applyReplacements(delivered: string[], replacements: Record<string, string>): string[] {
  const next = [...delivered];
  const errors: FieldErrors = {};
  for (const [key, line] of Object.entries(replacements)) {
    const index = /^\d{1,6}$/.test(key) && Number(key) < delivered.length ? Number(key) : delivered.indexOf(key);
    if (index < 0) errors[`replacements.${key}`] = ["The replaced line is not a delivered line of this item."];
    else next[index] = line;
  }
  if (Object.keys(errors).length) throw validationFailed(errors);
  return next;
}

/**
 * POST replace-delivered: swaps lines the customer received (a dead key,
 * a wrong code). The serial that was replaced stays sold in stock_items, as
 * the history of what left stock; the new line is what the customer sees.
 */
export function replaceDelivered(
  client: PrismaClient,
  shopId: number,
  invoiceRef: string,
  input: ReplaceDeliveredInput,
  audit: AuditContext,
) {
  const entry = invoiceAudit(audit, "invoice.delivery_replaced");
  return editInvoice(
    client,
    shopId,
    invoiceRef,
    async (tx, invoice) => {
      const item = await itemOf(tx, invoice.id, input.invoice_item_id);
      // Lock the item too: a dynamic delivery recording its lines must not be overwritten half-way.
      await query(tx, Prisma.sql`SELECT id FROM invoice_items WHERE id = ${item.id} FOR UPDATE`);
      const current = await tx.invoiceItem.findUniqueOrThrow({ where: { id: item.id }, select: { delivered: true } });
      const next = applyReplacements(current.delivered, input.replacements);
      await tx.invoiceItem.update({ where: { id: item.id }, data: { delivered: next } });
      // delivered lines are the goods (keys, codes): the log shows only their ends
      next.forEach((line, index) => {
        if (line !== current.delivered[index]) {
          entry.changes[`items.${item.id}.delivered.${index}`] = { old: maskSecret(current.delivered[index]), new: maskSecret(line) };
        }
      });
    },
    entry,
  );
}

/**
 * POST redo-dynamic-delivery: calls the item's dynamic URL again with a new
 * attempt (a new Idempotency-Key), for a completed invoice only (goods are
 * not handed out for unpaid orders). The outcome is on the item:
 * new `delivered` lines on success, `dynamic_last_error` on failure.
 */
export async function redoDynamicDelivery(client: PrismaClient, shopId: number, invoiceRef: string, itemId: number): Promise<number> {
  const invoiceId = await findInvoiceId(client, shopId, invoiceRef);
  const invoice = await client.invoice.findUniqueOrThrow({ where: { id: invoiceId }, select: { status: true } });
  const item = await itemOf(client, invoiceId, itemId);
  if (item.variant?.product.deliverables_type !== "dynamic")
    throw validationFailed({ invoice_item_id: ["The selected invoice item is not a dynamic item."] });
  if (invoice.status !== "completed") throw stateConflict("Only completed invoices can be delivered.");
  if (!(await deliverDynamicItem(client, SELLER_DELIVERY, itemId, { redo: true })))
    throw stateConflict("A dynamic delivery of this item is already running.");
  return invoiceId;
}

/**
 * Mail to an address other than the invoice's own, per shop and hour: a
 * seller correcting a mistyped address sends a few, while a stolen key or
 * session must not turn the shop into a relay of mail to anyone.
 */
const FOREIGN_RESEND_LIMIT = 10;
const FOREIGN_RESEND_WINDOW_SECONDS = 3600;

/**
 * POST resend-email: the delivery email as it stands now, to `email` or to
 * the invoice's address. Another address is counted against the shop's
 * limit in the transaction that queues the mail, so a refused (429) send
 * does not count and concurrent sends queue on the counter row.
 */
export function resendDeliveryEmail(
  client: PrismaClient,
  shopId: number,
  invoiceRef: string,
  email: string | undefined,
  audit: AuditContext,
) {
  const entry = invoiceAudit(audit, "invoice.email_resent");
  return editInvoice(
    client,
    shopId,
    invoiceRef,
    async (tx, invoice) => {
      const own = await tx.invoice.findUniqueOrThrow({ where: { id: invoice.id }, select: { email: true } });
      if (email !== undefined && email.trim().toLowerCase() !== own.email.trim().toLowerCase()) {
        await hitRateLimit(tx, `resend-email:shop:${shopId}`, FOREIGN_RESEND_LIMIT, FOREIGN_RESEND_WINDOW_SECONDS);
      }
      await queueDeliveryEmail(tx, invoice.id, email);
      entry.changes.to = { new: email ?? own.email };
    },
    entry,
  );
}
