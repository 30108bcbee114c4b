import { Prisma, query, type Db, type PrismaClient } from "../db";
import { stateConflict } from "../api/errors";
import type { AuditAction } from "../audit/actions";
import type { AuditContext } from "../audit/context";
import { recordAudit, type AuditChanges } from "../audit/record";
import { creditAffiliateCommission } from "../affiliates/commissions";
import { countPaidCouponUse } from "../coupons/paid-use";
import { deliverDynamicItems, SELLER_DELIVERY } from "../dynamic/delivery";
import { notify } from "../notifications/create";
import { moneyString } from "../money";
import { recordEvent } from "../webhooks/events";
import { checkoutEvent, invoiceEvent } from "../webhooks/objects";
import { refundToBalance, reverseBalanceRefund } from "../customers/balance";
import type { RefundInput, SettableStatus } from "./action-schemas";
import { deliverPendingItems } from "./delivery";
import { queueDeliveryEmail } from "./email";
import { findInvoiceId } from "./find";

/**
 * Interactive transactions that wait for an invoice row lock: 25 requests
 * on one invoice queue behind each other, so allow more than Prisma's 5 s.
 */
export const LOCKING_TRANSACTION = { maxWait: 30_000, timeout: 30_000 } as const;

export type LockedInvoice = { id: number; status: string };

/**
 * Finds `{invoiceId}` (id or unique_id) in the shop and locks its row until
 * the transaction ends (`SELECT ... FOR UPDATE`): every state change of an
 * invoice reads its status under this lock, so concurrent actions on one
 * invoice apply one after the other and each sees the previous one's result.
 */
export async function lockInvoice(tx: Db, shopId: number, invoiceRef: string): Promise<LockedInvoice> {
  const id = await findInvoiceId(tx, shopId, invoiceRef);
  const [row] = await query<LockedInvoice>(tx, Prisma.sql`SELECT id, status FROM invoices WHERE id = ${id} FOR UPDATE`);
  return row!;
}

/** What a change leaves to do after its commit: dynamic calls happen outside any transaction. */
type Change = { invoiceId: number; dynamicItemIds: number[] };

/**
 * The audit log's entry of an invoice action. `changes` is filled by the
 * action as it runs (the status is added by `change` itself); with
 * `onlyIfChanged`, an action that turned out to change nothing is not logged.
 */
export type InvoiceAudit = { context: AuditContext; action: AuditAction; changes: AuditChanges; onlyIfChanged: boolean };

export const invoiceAudit = (context: AuditContext, action: AuditAction, onlyIfChanged = false): InvoiceAudit => ({
  context,
  action,
  changes: {},
  onlyIfChanged,
});

/**
 * Runs a state change under the invoice lock, with its audit entry in the
 * same transaction, then the dynamic deliveries it started (their outcome,
 * after the commit, is on the items, not in the entry). Returns the invoice
 * id for the single view.
 */
async function change(
  client: PrismaClient,
  shopId: number,
  invoiceRef: string,
  apply: (tx: Db, invoice: LockedInvoice) => Promise<number[] | void>,
  audit?: InvoiceAudit,
): Promise<number> {
  const result: Change = await client.$transaction(async (tx) => {
    const invoice = await lockInvoice(tx, shopId, invoiceRef);
    const dynamicItemIds = (await apply(tx, invoice)) ?? [];
    if (audit) await recordInvoiceAudit(tx, invoice, audit);
    return { invoiceId: invoice.id, dynamicItemIds };
  }, LOCKING_TRANSACTION);
  await deliverDynamicItems(client, SELLER_DELIVERY, result.dynamicItemIds);
  return result.invoiceId;
}

async function recordInvoiceAudit(tx: Db, invoice: LockedInvoice, audit: InvoiceAudit) {
  const after = await tx.invoice.findUniqueOrThrow({ where: { id: invoice.id }, select: { status: true } });
  const changes: AuditChanges = {
    ...(after.status !== invoice.status && { status: { old: invoice.status, new: after.status } }),
    ...audit.changes,
  };
  if (audit.onlyIfChanged && !Object.keys(changes).length) return;
  await recordAudit(tx, audit.context, { action: audit.action, target: { type: "invoice", id: invoice.id }, changes });
}

/**
 * The completion pipeline, under the invoice lock: status and completed_at
 * (kept when the invoice had completed before, e.g. refunded then completed
 * again), delivery of the still-pending items, the affiliate commission
 * (credited once per invoice), the customer's delivery email and the
 * seller's notification. An invoice that is already completed is left as it
 * is: twenty concurrent completions deliver once.
 */
export async function complete(tx: Db, shopId: number, invoice: LockedInvoice): Promise<number[]> {
  if (invoice.status === "completed") return [];
  const row = await tx.invoice.update({
    where: { id: invoice.id },
    data: { status: "completed" },
    select: {
      completed_at: true,
      price: true,
      currency: true,
      amount: true,
      unique_id: true,
      coupon_id: true,
      manual: true,
      recovery_sent_at: true,
    },
  });
  if (!row.completed_at) {
    await tx.invoice.update({ where: { id: invoice.id }, data: { completed_at: new Date() } });
    // A checkout's coupon use counts once it is paid (the first completion); a manual invoice counted it when made.
    if (row.coupon_id !== null && !row.manual) await countPaidCouponUse(tx, shopId, invoice.id, row.coupon_id);
  }
  const { dynamicItemIds } = await deliverPendingItems(tx, shopId, invoice.id);
  await creditAffiliateCommission(tx, invoice.id);
  await queueDeliveryEmail(tx, invoice.id);
  await notify(tx, shopId, {
    event: "invoice_completed",
    level: "success",
    title: "Invoice completed",
    description: `Invoice #${invoice.id} (${row.unique_id}): ${row.amount} item(s) for ${moneyString(row.price)} ${row.currency}`,
    link: `/dashboard/invoices/${invoice.id}`,
  });
  await recordEvent(tx, shopId, "invoice.completed", () => invoiceEvent(tx, invoice.id));
  if (row.recovery_sent_at) await recordEvent(tx, shopId, "checkout.recovered", () => checkoutEvent(tx, invoice.id));
  return dynamicItemIds;
}

export async function setStatus(tx: Db, shopId: number, invoice: LockedInvoice, status: Exclude<SettableStatus, "completed">) {
  if (invoice.status === status) return;
  await tx.invoice.update({ where: { id: invoice.id }, data: { status } });
  if (status === "cancelled" || status === "refunded")
    await recordEvent(tx, shopId, `invoice.${status}`, () => invoiceEvent(tx, invoice.id));
  if (status === "refunded") {
    await notify(tx, shopId, {
      event: "invoice_refunded",
      level: "warning",
      title: "Invoice refunded",
      description: `Invoice #${invoice.id} was refunded`,
      link: `/dashboard/invoices/${invoice.id}`,
    });
  }
}

/**
 * POST status: the seller's override, any of the four from any state.
 * Reaching `completed` delivers; leaving it takes nothing back (a refund
 * does not restock serials that the customer has already seen).
 */
export function overrideStatus(client: PrismaClient, shopId: number, invoiceRef: string, status: SettableStatus, audit: AuditContext) {
  return change(
    client,
    shopId,
    invoiceRef,
    (tx, invoice) => (status === "completed" ? complete(tx, shopId, invoice) : setStatus(tx, shopId, invoice, status)),
    invoiceAudit(audit, "invoice.status_changed", true),
  );
}

/** POST cancel: only an unpaid (pending) invoice. */
export function cancelInvoice(client: PrismaClient, shopId: number, invoiceRef: string, audit: AuditContext) {
  return change(
    client,
    shopId,
    invoiceRef,
    async (tx, invoice) => {
      if (invoice.status !== "pending") throw stateConflict("Only pending invoices can be cancelled.");
      await setStatus(tx, shopId, invoice, "cancelled");
    },
    invoiceAudit(audit, "invoice.cancelled"),
  );
}

/**
 * POST refund: only a completed invoice; delivered serials stay sold. With
 * `to: "balance"` what the buyer paid is credited to their store credit in
 * the same transaction (the audit entry names the amount).
 */
export function refundInvoice(client: PrismaClient, shopId: number, invoiceRef: string, audit: AuditContext, input: RefundInput = {}) {
  const entry = invoiceAudit(audit, "invoice.refunded");
  return change(
    client,
    shopId,
    invoiceRef,
    async (tx, invoice) => {
      if (invoice.status !== "completed") throw stateConflict("Only completed invoices can be refunded.");
      await setStatus(tx, shopId, invoice, "refunded");
      if (input.to === "balance")
        entry.changes.refunded_to_balance = { new: (await refundToBalance(tx, shopId, invoice.id, audit)).toFixed(2) };
    },
    entry,
  );
}

/**
 * POST unrefund: back to completed without delivering again, sending mail
 * or crediting commission again; store credit it refunded is taken back.
 */
export function unrefundInvoice(client: PrismaClient, shopId: number, invoiceRef: string, audit: AuditContext) {
  return change(
    client,
    shopId,
    invoiceRef,
    async (tx, invoice) => {
      if (invoice.status !== "refunded") throw stateConflict("Only refunded invoices can be unrefunded.");
      await reverseBalanceRefund(tx, shopId, invoice.id, audit);
      await tx.invoice.update({ where: { id: invoice.id }, data: { status: "completed" } });
    },
    invoiceAudit(audit, "invoice.unrefunded"),
  );
}

/** POST archive / unarchive: the flag only, in any state. */
export function setArchived(client: PrismaClient, shopId: number, invoiceRef: string, archived: boolean) {
  return change(client, shopId, invoiceRef, async (tx, invoice) => {
    await tx.invoice.update({ where: { id: invoice.id }, data: { archived } });
  });
}

/**
 * POST deliver: "hand the goods over now". A pending invoice is completed
 * (the seller confirms a payment received outside the gateways) and
 * delivered; a completed one gets its still-pending items delivered (stock
 * that was short, dynamic calls that failed). Cancelled, failed and refunded
 * invoices are refused: reopen them with `status` first.
 */
export function deliverInvoice(client: PrismaClient, shopId: number, invoiceRef: string, audit: AuditContext) {
  const entry = invoiceAudit(audit, "invoice.delivered");
  return change(
    client,
    shopId,
    invoiceRef,
    async (tx, invoice) => {
      if (invoice.status === "pending") return complete(tx, shopId, invoice);
      if (invoice.status !== "completed") throw stateConflict(`A ${invoice.status} invoice cannot be delivered.`);
      return redeliver(tx, shopId, invoice.id, entry.changes);
    },
    entry,
  );
}

/**
 * GET process: re-runs the delivery pipeline of a completed invoice
 * (pending serials, services and dynamic calls) and never changes the
 * status, so it is safe to repeat; for any other status it changes nothing.
 * Answers with the single view either way.
 */
export function processInvoice(client: PrismaClient, shopId: number, invoiceRef: string, audit: AuditContext) {
  // a repeatable GET: logged only when it delivered something
  const entry = invoiceAudit(audit, "invoice.delivery_retried", true);
  return change(
    client,
    shopId,
    invoiceRef,
    async (tx, invoice) => {
      if (invoice.status === "completed") return redeliver(tx, shopId, invoice.id, entry.changes);
    },
    entry,
  );
}

/**
 * Pending items of a completed invoice; an email follows when serials or
 * services were delivered now (the audit entry's `delivered_items`).
 */
async function redeliver(tx: Db, shopId: number, invoiceId: number, changes: AuditChanges): Promise<number[]> {
  const before = await tx.invoiceItem.count({ where: { invoice_id: invoiceId, status: "completed" } });
  const { dynamicItemIds } = await deliverPendingItems(tx, shopId, invoiceId);
  const after = await tx.invoiceItem.count({ where: { invoice_id: invoiceId, status: "completed" } });
  if (after > before) {
    await queueDeliveryEmail(tx, invoiceId);
    changes.delivered_items = { old: before, new: after };
  }
  return dynamicItemIds;
}

/** Actions that only edit fields run under the same lock, so they never interleave with a state change. */
export function editInvoice(
  client: PrismaClient,
  shopId: number,
  invoiceRef: string,
  edit: (tx: Db, invoice: LockedInvoice) => Promise<void>,
  audit?: InvoiceAudit,
) {
  return change(client, shopId, invoiceRef, edit, audit);
}
