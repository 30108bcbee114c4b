import { Prisma, query, type Db, type PrismaClient } from "../db";
import { requestText } from "../api/body";
import { ApiError } from "../api/errors";
import { decryptOptional } from "../crypto/secrets";
import { Decimal } from "../money";
import { notify } from "../notifications/create";
import { deliverDynamicItems, SELLER_DELIVERY } from "../dynamic/delivery";
import { complete, LOCKING_TRANSACTION, setStatus, type LockedInvoice } from "../invoices/transitions";
import { cardprocWebhooks, WEBHOOK_TOLERANCE_SECONDS, type CardprocEvent } from "./cardproc-client";
import { minorUnits } from "./cardproc";

const TEXT_TYPE = "text/plain; charset=utf-8";
const text = (body: string, status: number) => new Response(body, { status, headers: { "content-type": TEXT_TYPE } });

export type WebhookOutcome = { received: true; duplicate: boolean; applied: string };

/**
 * POST /v1/payments/cardproc/{shopId}/webhook: the processor's events for
 * this shop, verified with the package's signature check over the raw body
 * and the shop's webhook secret (a stale timestamp fails it too). Each event
 * id is claimed in the transaction that applies it, so a redelivered or
 * replayed event changes nothing the second time and answers 200
 * `duplicate: true`. A succeeded payment completes its invoice (delivery,
 * email, notification: the completion pipeline, exactly once), or tells the
 * seller when it arrives for a cancelled or failed invoice; a full refund
 * marks it refunded, a partial one records the amount; a dispute records the
 * dispute's state. Refusals are
 * plain text, as for the other signed receiver.
 */
export async function receiveCardprocWebhook(client: PrismaClient, request: Request, shopId: number | null): Promise<Response> {
  let raw: string;
  try {
    raw = await requestText(request);
  } catch (error) {
    if (error instanceof ApiError) return text(error.message, error.status);
    throw error;
  }
  const shop = shopId === null ? null : await client.shop.findUnique({ where: { id: shopId }, select: { cardproc_webhook_secret: true } });
  const secret = decryptOptional(shop?.cardproc_webhook_secret);
  if (!secret) return text("Unknown webhook.", 404);
  const signature = request.headers.get("stripe-signature");
  if (!signature) return text("Missing signature.", 400);
  let event: CardprocEvent;
  try {
    event = cardprocWebhooks.constructEvent(raw, signature, secret, WEBHOOK_TOLERANCE_SECONDS);
  } catch (error) {
    const stale = error instanceof Error && /tolerance/i.test(error.message);
    return text(stale ? "Request expired." : "Invalid signature.", 400);
  }
  const outcome = await client.$transaction(async (tx) => {
    const claimed = await tx.cardprocEvent.createMany({
      data: [{ shop_id: shopId!, event_id: event.id, type: event.type }],
      skipDuplicates: true,
    });
    if (claimed.count === 0) return { applied: "already handled", duplicate: true, dynamicItemIds: [] as number[] };
    const result = await applyEvent(tx, shopId!, event);
    if (result.invoiceId !== null) {
      await tx.cardprocEvent.update({
        where: { shop_id_event_id: { shop_id: shopId!, event_id: event.id } },
        data: { invoice_id: result.invoiceId },
      });
    }
    return { applied: result.applied, duplicate: false, dynamicItemIds: result.dynamicItemIds };
  }, LOCKING_TRANSACTION);
  await deliverDynamicItems(client, SELLER_DELIVERY, outcome.dynamicItemIds);
  const body: WebhookOutcome = { received: true, duplicate: outcome.duplicate, applied: outcome.applied };
  return Response.json(body);
}

type Applied = { applied: string; invoiceId: number | null; dynamicItemIds: number[] };
const ignored = (why: string): Applied => ({ applied: why, invoiceId: null, dynamicItemIds: [] });

type Payment = { id: string; amount: number; currency: string; metadata: Record<string, string> | null };

async function applyEvent(tx: Db, shopId: number, event: CardprocEvent): Promise<Applied> {
  switch (event.type) {
    case "payment_intent.succeeded": {
      const intent = event.data.object;
      return paid(tx, shopId, { id: intent.id, amount: intent.amount_received, currency: intent.currency, metadata: intent.metadata });
    }
    case "checkout.session.completed": {
      const session = event.data.object;
      if (session.payment_status !== "paid") return ignored("session not paid yet");
      const intent = typeof session.payment_intent === "string" ? session.payment_intent : (session.payment_intent?.id ?? null);
      return paid(tx, shopId, {
        id: intent ?? session.id,
        amount: session.amount_total ?? 0,
        currency: session.currency ?? "",
        metadata: session.metadata,
      });
    }
    case "charge.refunded": {
      const charge = event.data.object;
      const invoice = await lockByPayment(tx, shopId, paymentIntentOf(charge.payment_intent), charge.metadata);
      if (!invoice) return ignored("no invoice for this payment");
      if (invoice.status !== "completed") return { ...ignored(`invoice is ${invoice.status}`), invoiceId: invoice.id };
      return refunded(tx, shopId, invoice, charge.amount_refunded, charge.amount);
    }
    case "charge.dispute.created":
    case "charge.dispute.updated":
    case "charge.dispute.closed": {
      const dispute = event.data.object;
      const invoice = await lockByPayment(tx, shopId, paymentIntentOf(dispute.payment_intent), dispute.metadata);
      if (!invoice) return ignored("no invoice for this payment");
      await tx.invoice.update({ where: { id: invoice.id }, data: { cardproc_dispute_status: dispute.status } });
      await notify(tx, shopId, {
        // Disputes are chargebacks: the seller hears of them where refunds are announced.
        event: "invoice_refunded",
        level: event.type === "charge.dispute.closed" && dispute.status === "won" ? "info" : "error",
        title: event.type === "charge.dispute.created" ? "Payment disputed" : "Dispute updated",
        description: `Invoice #${invoice.id}: the card payment's dispute is ${dispute.status.replaceAll("_", " ")} (${dispute.reason.replaceAll("_", " ")})`,
        link: `/dashboard/invoices/${invoice.id}`,
      });
      return { applied: `dispute ${dispute.status}`, invoiceId: invoice.id, dynamicItemIds: [] };
    }
    default:
      return ignored(`${event.type} is not used`);
  }
}

/** A payment succeeded: the invoice completes once, when the amount and currency are its total. */
async function paid(tx: Db, shopId: number, payment: Payment): Promise<Applied> {
  const invoice = await lockByPayment(tx, shopId, payment.id, payment.metadata);
  if (!invoice) return ignored("no invoice for this payment");
  const row = await tx.invoice.findUniqueOrThrow({ where: { id: invoice.id }, select: { price: true, currency: true } });
  const expected = minorUnits(row.price, row.currency);
  if (payment.currency.toUpperCase() !== row.currency.toUpperCase() || payment.amount < expected) {
    await notify(tx, shopId, {
      event: "invoice_completed",
      level: "error",
      title: "Card payment does not match the invoice",
      description: `Invoice #${invoice.id}: paid ${payment.amount} ${payment.currency.toUpperCase()} (minor units), expected ${expected} ${row.currency}; not completed`,
      link: `/dashboard/invoices/${invoice.id}`,
    });
    return { applied: "amount mismatch", invoiceId: invoice.id, dynamicItemIds: [] };
  }
  const paidAmount = new Decimal(payment.amount).div(expected === 0 ? 1 : expected).mul(row.price);
  await tx.invoice.update({
    where: { id: invoice.id },
    data: { cardproc_pi_id: payment.id.startsWith("pi_") ? payment.id : undefined, paid: paidAmount },
  });
  if (invoice.status === "cancelled" || invoice.status === "failed") {
    // the buyer paid after the invoice was given up: the money arrived, the goods did not; the seller decides
    await notify(tx, shopId, {
      event: "invoice_completed",
      level: "error",
      title: "Payment received for a closed invoice",
      description: `Invoice #${invoice.id} is ${invoice.status} but its card payment of ${payment.amount} ${payment.currency.toUpperCase()} (minor units) arrived: complete it to deliver, or refund the payment`,
      link: `/dashboard/invoices/${invoice.id}`,
    });
    return { applied: `late payment for a ${invoice.status} invoice`, invoiceId: invoice.id, dynamicItemIds: [] };
  }
  if (invoice.status !== "pending") return { applied: `invoice already ${invoice.status}`, invoiceId: invoice.id, dynamicItemIds: [] };
  const dynamicItemIds = await complete(tx, shopId, invoice);
  return { applied: "invoice completed", invoiceId: invoice.id, dynamicItemIds };
}

/**
 * A refund of a completed invoice's charge (the processor's running total
 * of what it refunded): all of it marks the invoice refunded; part of it is
 * recorded on the invoice (`refunded_amount`, its share of the total) and
 * the invoice stays completed, its keys delivered. Either way the seller is told.
 */
async function refunded(tx: Db, shopId: number, invoice: LockedInvoice, refundedMinor: number, chargedMinor: number): Promise<Applied> {
  const row = await tx.invoice.findUniqueOrThrow({ where: { id: invoice.id }, select: { price: true, currency: true } });
  const whole = refundedMinor >= chargedMinor;
  const amount = whole
    ? row.price
    : row.price
        .mul(refundedMinor)
        .div(chargedMinor > 0 ? chargedMinor : 1)
        .toDecimalPlaces(2, Decimal.ROUND_DOWN);
  await tx.invoice.update({ where: { id: invoice.id }, data: { refunded_amount: amount } });
  if (whole) {
    await setStatus(tx, shopId, invoice, "refunded");
    return { applied: "invoice refunded", invoiceId: invoice.id, dynamicItemIds: [] };
  }
  await notify(tx, shopId, {
    event: "invoice_refunded",
    level: "warning",
    title: "Invoice partly refunded",
    description: `Invoice #${invoice.id}: ${amount.toFixed(2)} of ${row.price.toFixed(2)} ${row.currency} refunded by the card processor; the invoice stays completed`,
    link: `/dashboard/invoices/${invoice.id}`,
  });
  return { applied: "invoice partly refunded", invoiceId: invoice.id, dynamicItemIds: [] };
}

function paymentIntentOf(value: string | { id: string } | null): string | null {
  return typeof value === "string" ? value : (value?.id ?? null);
}

/** The shop's invoice of this payment (by the metadata the checkout gave it, else by its PaymentIntent id), row locked. */
async function lockByPayment(
  tx: Db,
  shopId: number,
  intentId: string | null,
  metadata: Record<string, string> | null,
): Promise<LockedInvoice | null> {
  const byMetadata = metadata?.invoice_id && /^\d{1,9}$/.test(metadata.invoice_id) ? Number(metadata.invoice_id) : null;
  const [row] = await query<LockedInvoice>(
    tx,
    Prisma.sql`
    SELECT id, status FROM invoices
    WHERE shop_id = ${shopId} AND (id = ${byMetadata} OR (${intentId}::text IS NOT NULL AND cardproc_pi_id = ${intentId}))
    ORDER BY id LIMIT 1 FOR UPDATE`,
  );
  return row ?? null;
}
