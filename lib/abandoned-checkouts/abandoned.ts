import type { Prisma } from "../db";
import { notFound } from "../api/errors";
import type { Db } from "../db";
import { invoiceWhere } from "../invoices/find";

/**
 * An abandoned checkout is an invoice still `pending` (never paid) that a
 * customer or the seller started; reseller invoices are charged to a balance
 * and never wait for payment, so they are left out. Manual invoices count:
 * they wait for the customer's payment like any other. `dismissed_at` hides
 * one from the list; it stays an invoice like before.
 *
 * Its `type` says how far the customer got:
 * - `created`: no payment step reached, so no payment reference on the
 *   invoice (no crypto address, card payment intent, wallet or app
 *   reference, no chosen payment method);
 * - `pending`: a payment was started (one of those references exists) and
 *   is still awaited.
 */
export const PAYMENT_REFERENCE_COLUMNS = [
  "crypto_address",
  "cardproc_pi_id",
  "payment_method_id",
  "walletAff_email",
  "walletAff_transaction_id",
  "appB_cashtag",
  "appB_transaction_id",
  "appC_tag",
] as const;

type PaymentReferences = { [K in (typeof PAYMENT_REFERENCE_COLUMNS)[number]]: string | null };

export function checkoutType(invoice: PaymentReferences): "created" | "pending" {
  return PAYMENT_REFERENCE_COLUMNS.some((column) => invoice[column] !== null) ? "pending" : "created";
}

export const paymentStarted: Prisma.InvoiceWhereInput = {
  OR: PAYMENT_REFERENCE_COLUMNS.map((column) => ({ [column]: { not: null } })),
};
export const paymentNotStarted: Prisma.InvoiceWhereInput = {
  AND: PAYMENT_REFERENCE_COLUMNS.map((column) => ({ [column]: null })),
};

/** Every abandoned checkout of the shop, dismissed ones included. */
export function abandonedWhere(shopId: number): Prisma.InvoiceWhereInput {
  return { shop_id: shopId, status: "pending", reseller_id: null };
}

const notFoundCheckout = () => notFound("Abandoned checkout");

/**
 * `{invoiceId}` (numeric id or unique_id) of an abandoned checkout of this
 * shop. An invoice that is no longer pending is no abandoned checkout: 404.
 */
export async function findAbandonedCheckoutId(db: Db, shopId: number, invoiceId: string): Promise<number> {
  const invoice = await db.invoice.findFirst({
    where: { AND: [invoiceWhere(shopId, invoiceId), abandonedWhere(shopId)] },
    select: { id: true },
  });
  if (!invoice) throw notFoundCheckout();
  return invoice.id;
}

export { notFoundCheckout };
