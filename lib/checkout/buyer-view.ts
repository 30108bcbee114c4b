import type { Db } from "../db";
import { notFound } from "../api/errors";
import { Decimal, moneyString } from "../money";
import { gatewayOf } from "../payments/gateways";
import type { BuyerInvoiceView } from "./schemas";

const ZERO = new Decimal(0);

/**
 * The buyer's page of an invoice, found by its unguessable `unique_id` (96
 * random bits): what was bought, each discount, how to pay, the status, and
 * once completed the delivered keys. Nothing of the seller beyond the
 * shop's name: no ids, notes, customer or affiliate records, other orders.
 * Reseller invoices are not buyers' orders and have no such page.
 */
export async function buyerInvoice(db: Db, uniqueId: string | null): Promise<BuyerInvoiceView> {
  if (uniqueId === null) throw notFound("Invoice");
  const invoice = await db.invoice.findUnique({
    where: { unique_id: uniqueId },
    select: {
      unique_id: true,
      status: true,
      email: true,
      currency: true,
      price: true,
      gateway: true,
      crypto_address: true,
      crypto_amount: true,
      payment_url: true,
      reseller_id: true,
      created_at: true,
      completed_at: true,
      shop: { select: { name: true } },
      coupon: { select: { code: true } },
      items: {
        orderBy: { id: "asc" },
        select: {
          product_name: true,
          variant_name: true,
          quantity: true,
          unit_price: true,
          total_price: true,
          delivered: true,
          status: true,
        },
      },
    },
  });
  if (!invoice || invoice.reseller_id !== null) throw notFound("Invoice");
  const completed = invoice.status === "completed";
  const items = invoice.items.map((item) => {
    const subtotal = new Decimal(item.unit_price).mul(item.quantity);
    return {
      product_name: item.product_name,
      variant_name: item.variant_name,
      quantity: item.quantity,
      unit_price: moneyString(item.unit_price),
      subtotal: moneyString(subtotal),
      discount: moneyString(subtotal.minus(item.total_price)),
      total: moneyString(item.total_price),
      delivered: completed ? item.delivered : [],
      status: item.status,
    };
  });
  const subtotal = invoice.items.reduce((sum, item) => sum.plus(new Decimal(item.unit_price).mul(item.quantity)), ZERO);
  const afterPromotions = invoice.items.reduce((sum, item) => sum.plus(item.total_price), ZERO);
  const gateway = gatewayOf(invoice.gateway);
  const kind = gateway?.kind ?? "manual";
  const pending = invoice.status === "pending";
  return {
    unique_id: invoice.unique_id,
    shop_name: invoice.shop.name,
    status: invoice.status,
    email: invoice.email,
    currency: invoice.currency,
    subtotal: moneyString(subtotal),
    promotion_discount: moneyString(subtotal.minus(afterPromotions)),
    coupon_code: invoice.coupon?.code ?? null,
    coupon_discount: moneyString(Decimal.max(afterPromotions.minus(invoice.price), ZERO)),
    total: moneyString(invoice.price),
    created_at: invoice.created_at.toISOString(),
    completed_at: invoice.completed_at?.toISOString() ?? null,
    items,
    payment: {
      gateway: invoice.gateway,
      kind,
      url: pending && kind === "card" ? invoice.payment_url : null,
      address: kind === "crypto" ? invoice.crypto_address : null,
      amount: kind === "crypto" ? invoice.crypto_amount : null,
      note: pending ? (gateway?.note ?? "Pay as the seller instructed you.") : statusNote(invoice.status),
    },
  };
}

function statusNote(status: string): string {
  switch (status) {
    case "completed":
      return "Paid. Your items are below.";
    case "refunded":
      return "This order was refunded.";
    case "cancelled":
      return "This order was cancelled.";
    default:
      return "This order was not paid.";
  }
}
