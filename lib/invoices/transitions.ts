import type { Db, PrismaClient } from "../db";
import { stateConflict } from "../api/errors";
import { creditAffiliateCommission } from "../affiliates/commissions";
import { deliverDynamicItems, SELLER_DELIVERY } from "../dynamic/delivery";
import { notify } from "../notifications/create";
import { moneyString } from "../money";
import { recordEvent } from "../webhooks/events";
import { checkoutEvent, invoiceEvent } from "../webhooks/objects";
import type { SettableStatus } from "./action-schemas";
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
  const [row] = await tx.$queryRaw<LockedInvoice[]>`SELECT id, status FROM invoices WHERE id = ${id} FOR UPDATE`;
  return row!;
}

/** What a change leaves to do after its commit: dynamic calls happen outside any transaction. */
type Change = { invoiceId: number; dynamicItemIds: number[] };

/**
 * Runs a state change under the invoice lock, then the dynamic deliveries it
 * started. Returns the invoice id for the single view.
 */
async function change(
  client: PrismaClient,
  shopId: number,
  invoiceRef: string,
  apply: (tx: Db, invoice: LockedInvoice) => Promise<number[] | void>,
): Promise<number> {
  const result: Change = await client.$transaction(async (tx) => {
    const invoice = await lockInvoice(tx, shopId, invoiceRef);
    const dynamicItemIds = (await apply(tx, invoice)) ?? [];
    return { invoiceId: invoice.id, dynamicItemIds };
  }, LOCKING_TRANSACTION);
  await deliverDynamicItems(client, SELLER_DELIVERY, result.dynamicItemIds);
  return result.invoiceId;
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
    if (row.coupon_id !== null && !row.manual) await tx.coupon.update({ where: { id: row.coupon_id }, data: { uses: { increment: 1 } } });
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
export function overrideStatus(client: PrismaClient, shopId: number, invoiceRef: string, status: SettableStatus) {
  return change(client, shopId, invoiceRef, (tx, invoice) =>
    status === "completed" ? complete(tx, shopId, invoice) : setStatus(tx, shopId, invoice, status),
  );
}

/** POST cancel: only an unpaid (pending) invoice. */
export function cancelInvoice(client: PrismaClient, shopId: number, invoiceRef: string) {
  return change(client, shopId, invoiceRef, async (tx, invoice) => {
    if (invoice.status !== "pending") throw stateConflict("Only pending invoices can be cancelled.");
    await setStatus(tx, shopId, invoice, "cancelled");
  });
}

/** POST refund: only a completed invoice; delivered serials stay sold. */
export function refundInvoice(client: PrismaClient, shopId: number, invoiceRef: string) {
  return change(client, shopId, invoiceRef, async (tx, invoice) => {
    if (invoice.status !== "completed") throw stateConflict("Only completed invoices can be refunded.");
    await setStatus(tx, shopId, invoice, "refunded");
  });
}

/** POST unrefund: back to completed without delivering again, sending mail or crediting commission again. */
export function unrefundInvoice(client: PrismaClient, shopId: number, invoiceRef: string) {
  return change(client, shopId, invoiceRef, async (tx, invoice) => {
    if (invoice.status !== "refunded") throw stateConflict("Only refunded invoices can be unrefunded.");
    await tx.invoice.update({ where: { id: invoice.id }, data: { status: "completed" } });
  });
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
export function deliverInvoice(client: PrismaClient, shopId: number, invoiceRef: string) {
  return change(client, shopId, invoiceRef, async (tx, invoice) => {
    if (invoice.status === "pending") return complete(tx, shopId, invoice);
    if (invoice.status !== "completed") throw stateConflict(`A ${invoice.status} invoice cannot be delivered.`);
    return redeliver(tx, shopId, invoice.id);
  });
}

/**
 * GET process: re-runs the delivery pipeline of a completed invoice
 * (pending serials, services and dynamic calls) and never changes the
 * status, so it is safe to repeat; for any other status it changes nothing.
 * Answers with the single view either way.
 */
export function processInvoice(client: PrismaClient, shopId: number, invoiceRef: string) {
  return change(client, shopId, invoiceRef, async (tx, invoice) => {
    if (invoice.status === "completed") return redeliver(tx, shopId, invoice.id);
  });
}

/** Pending items of a completed invoice; an email follows when serials or services were delivered now. */
async function redeliver(tx: Db, shopId: number, invoiceId: number): Promise<number[]> {
  const before = await tx.invoiceItem.count({ where: { invoice_id: invoiceId, status: "completed" } });
  const { dynamicItemIds } = await deliverPendingItems(tx, shopId, invoiceId);
  const after = await tx.invoiceItem.count({ where: { invoice_id: invoiceId, status: "completed" } });
  if (after > before) await queueDeliveryEmail(tx, invoiceId);
  return dynamicItemIds;
}

/** Actions that only edit fields run under the same lock, so they never interleave with a state change. */
export function editInvoice(
  client: PrismaClient,
  shopId: number,
  invoiceRef: string,
  edit: (tx: Db, invoice: LockedInvoice) => Promise<void>,
) {
  return change(client, shopId, invoiceRef, edit);
}
