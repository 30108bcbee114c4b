import { Prisma, query, type Db, type PrismaClient } from "../db";
import { invalid, notFound, stateConflict } from "../api/errors";
import { offsetOf } from "../api/pagination";
import type { AuditActor, AuditContext } from "../audit/context";
import { recordAudit } from "../audit/record";
import { moneyNumber } from "../money";
import { findOrCreateCustomer } from "./find-or-create";
import { getCustomer } from "./queries";
import type { BalanceChangeInput, BalanceEntriesQuery, BalanceEntryView } from "./schemas";

/**
 * A customer's store credit: `customers.balance` and its ledger
 * (`customer_balance_entries`) change together, in one transaction that
 * holds the customer's row lock, so the balance never goes below zero and
 * every entry's `balance_after` is the running sum, under any concurrency.
 */

/** Who moved the balance: a seller (dashboard user or API key), the buyer at checkout, or the system. */
export type BalanceActor = { type: "user" | "api_key" | "buyer" | "system"; userId: number | null; apiKeyId: number | null; label: string };

export function sellerBalanceActor(actor: AuditActor): BalanceActor {
  return { type: actor.apiKeyId !== null ? "api_key" : "user", userId: actor.userId, apiKeyId: actor.apiKeyId, label: actor.label };
}

/** The buyer is named by their email as the customer stores it (lower-cased). */
export function buyerBalanceActor(email: string): BalanceActor {
  return { type: "buyer", userId: null, apiKeyId: null, label: email.trim().toLowerCase() };
}

/** Interactive transactions that may queue behind a customer's row lock. */
export const BALANCE_TRANSACTION = { maxWait: 30_000, timeout: 30_000 } as const;

/** The customer's balance, with their row locked until the transaction ends; null when the shop has no such customer. */
export async function lockCustomerBalance(tx: Db, shopId: number, customerId: number): Promise<Prisma.Decimal | null> {
  const [row] = await query<{ balance: Prisma.Decimal }>(
    tx,
    Prisma.sql`
    SELECT balance FROM customers WHERE id = ${customerId} AND shop_id = ${shopId} FOR UPDATE`,
  );
  return row ? new Prisma.Decimal(row.balance) : null;
}

export type BalanceEntryKind = "adjustment" | "payment" | "refund" | "refund_reversal";

type Movement = {
  amount: Prisma.Decimal;
  kind: BalanceEntryKind;
  description: string | null;
  invoiceId: number | null;
  actor: BalanceActor;
};

/**
 * Moves a locked customer's balance (from `before`, read under the lock)
 * and writes its ledger entry. The caller refuses a negative result with
 * its own message; the column's CHECK is the last line of defence.
 */
export async function moveBalance(tx: Db, shopId: number, customerId: number, before: Prisma.Decimal, movement: Movement) {
  const after = before.add(movement.amount);
  await tx.customer.update({ where: { id: customerId }, data: { balance: after } });
  await tx.customerBalanceEntry.create({
    data: {
      shop_id: shopId,
      customer_id: customerId,
      amount: movement.amount,
      balance_after: after,
      kind: movement.kind,
      description: movement.description,
      invoice_id: movement.invoiceId,
      actor_type: movement.actor.type,
      actor_user_id: movement.actor.userId,
      actor_api_key_id: movement.actor.apiKeyId,
      actor_label: movement.actor.label,
    },
  });
  return after;
}

/**
 * POST /v1/shops/{shopId}/customers/{customerId}/balance: a credit (+) or
 * debit (-) by the seller, refused (422 on `amount`) when it would take the
 * balance below zero. Logged in the audit log in the same transaction.
 */
export async function changeCustomerBalance(
  client: PrismaClient,
  shopId: number,
  customerId: number,
  input: BalanceChangeInput,
  audit: AuditContext,
) {
  await client.$transaction(async (tx) => {
    const before = await lockCustomerBalance(tx, shopId, customerId);
    if (!before) throw notFound("Customer");
    const amount = new Prisma.Decimal(input.amount).toDecimalPlaces(2);
    if (before.add(amount).isNegative()) throw invalid("amount", `The balance cannot go below zero (it is ${before.toFixed(2)}).`);
    const description = input.description || null;
    const after = await moveBalance(tx, shopId, customerId, before, {
      amount,
      kind: "adjustment",
      description,
      invoiceId: null,
      actor: sellerBalanceActor(audit),
    });
    await recordAudit(tx, audit, {
      action: "customer.balance_adjusted",
      target: { type: "customer", id: customerId },
      changes: {
        balance: { old: before.toFixed(2), new: after.toFixed(2) },
        amount: { new: amount.toFixed(2) },
        description: { new: description },
      },
    });
  }, BALANCE_TRANSACTION);
  return getCustomer(client, shopId, customerId);
}

/** GET /v1/shops/{shopId}/customers/{customerId}/balance: the ledger, newest first. */
export async function listBalanceEntries(db: Db, shopId: number, customerId: number, query: BalanceEntriesQuery) {
  const customer = await db.customer.findFirst({ where: { id: customerId, shop_id: shopId }, select: { id: true } });
  if (!customer) throw notFound("Customer");
  const where = { customer_id: customerId, shop_id: shopId };
  const [rows, total] = await Promise.all([
    db.customerBalanceEntry.findMany({
      where,
      orderBy: { id: "desc" },
      skip: offsetOf(query),
      take: query.perPage,
      include: { invoice: { select: { id: true, unique_id: true } } },
    }),
    db.customerBalanceEntry.count({ where }),
  ]);
  return { data: rows.map(serializeBalanceEntry), total };
}

type EntryRow = Prisma.CustomerBalanceEntryGetPayload<{ include: { invoice: { select: { id: true; unique_id: true } } } }>;

function serializeBalanceEntry(row: EntryRow): BalanceEntryView {
  return {
    id: row.id,
    customer_id: row.customer_id,
    amount: moneyNumber(row.amount),
    balance_after: moneyNumber(row.balance_after),
    kind: row.kind as BalanceEntryKind,
    description: row.description,
    invoice: row.invoice,
    actor: {
      type: row.actor_type as BalanceEntryView["actor"]["type"],
      user_id: row.actor_user_id,
      api_key_id: row.actor_api_key_id,
      label: row.actor_label,
    },
    created_at: row.created_at.toISOString(),
  };
}

/**
 * POST .../invoices/{id}/refund with `to: "balance"`: what the buyer paid
 * (`paid`, else the total) goes to their store credit, under the invoice
 * lock the refund already holds and then the customer's. The invoice's
 * customer, or the shop's customer with its email when the link was lost.
 */
export async function refundToBalance(tx: Db, shopId: number, invoiceId: number, actor: AuditActor): Promise<Prisma.Decimal> {
  const invoice = await tx.invoice.findUniqueOrThrow({
    where: { id: invoiceId },
    select: {
      unique_id: true,
      email: true,
      currency: true,
      price: true,
      paid: true,
      customer_id: true,
      shop: { select: { currency: true } },
    },
  });
  if (invoice.currency !== invoice.shop.currency) {
    throw invalid("to", `Store credit is held in ${invoice.shop.currency}; this invoice was paid in ${invoice.currency}.`);
  }
  const customerId = invoice.customer_id ?? (await findOrCreateCustomer(tx, shopId, invoice.email)).id;
  const amount = invoice.paid ?? invoice.price;
  if (amount.isZero()) return amount;
  const before = (await lockCustomerBalance(tx, shopId, customerId))!;
  await moveBalance(tx, shopId, customerId, before, {
    amount,
    kind: "refund",
    description: `Refund of invoice ${invoice.unique_id}`,
    invoiceId,
    actor: sellerBalanceActor(actor),
  });
  return amount;
}

/**
 * POST .../invoices/{id}/unrefund of an invoice refunded to store credit:
 * the credit still held for it is taken back (the invoice is completed
 * again, so the buyer cannot keep both). Refused (422 on `status`) when the
 * buyer has spent it.
 */
export async function reverseBalanceRefund(tx: Db, shopId: number, invoiceId: number, actor: AuditActor): Promise<void> {
  const refunds = await tx.customerBalanceEntry.groupBy({
    by: ["customer_id"],
    where: { shop_id: shopId, invoice_id: invoiceId, kind: { in: ["refund", "refund_reversal"] } },
    _sum: { amount: true },
  });
  for (const refund of refunds) {
    const held = new Prisma.Decimal(refund._sum.amount ?? 0);
    if (!held.greaterThan(0)) continue;
    const before = await lockCustomerBalance(tx, shopId, refund.customer_id);
    if (!before || before.lessThan(held)) {
      throw stateConflict(`The ${held.toFixed(2)} refunded to store credit has been spent; the invoice cannot be unrefunded.`);
    }
    const { unique_id } = await tx.invoice.findUniqueOrThrow({ where: { id: invoiceId }, select: { unique_id: true } });
    await moveBalance(tx, shopId, refund.customer_id, before, {
      amount: held.negated(),
      kind: "refund_reversal",
      description: `Unrefund of invoice ${unique_id}`,
      invoiceId,
      actor: sellerBalanceActor(actor),
    });
  }
}
