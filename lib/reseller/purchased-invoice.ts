import { Prisma } from "../db";
import type { Invoice, InvoiceItem } from "../generated/prisma/client";
import type { InvoiceForView } from "../invoices/serialize";
import type { CatalogVariant } from "./catalog";

/** What a purchase knows of the invoice it is about to write (lib/reseller/purchase.ts). */
export type PurchaseRecord = {
  invoice: Pick<
    Invoice,
    | "id"
    | "shop_id"
    | "unique_id"
    | "status"
    | "price"
    | "email"
    | "salt"
    | "amount"
    | "reseller_id"
    | "reseller_source"
    | "created_at"
    | "completed_at"
  >;
  first: CatalogVariant;
  items: Omit<InvoiceItem, "invoice_id" | "dynamic_attempts" | "dynamic_last_at" | "dynamic_last_error" | "created_at" | "updated_at">[];
  /** serials taken per variant id: the product's stock after the purchase is its stock as read less these */
  taken: Map<number, number>;
};

/**
 * The invoice row (with product, variant and items) exactly as the purchase
 * writes it: the purchase's answer (the reseller's serializer) and the
 * seller's Invoice view in its webhook events are built from it rather than
 * read back, so neither adds a round trip under the reseller's lock. Every column is named (the type requires it), so a
 * new column cannot be forgotten. The product's stock is as the purchase's
 * catalog lookup read it, less the serials this purchase takes.
 */
/** The seller's view of the invoice, with its items whole (the reseller's answer shows their USD price and discount). */
export type PurchasedInvoice = InvoiceForView & { items: InvoiceItem[] };

export function purchasedInvoice({ invoice, first, items, taken }: PurchaseRecord): PurchasedInvoice {
  const { variants, ...product } = first.product;
  const { product: _product, ...variant } = first;
  return {
    ...invoice,
    product_id: product.id,
    variant_id: first.id,
    currency: "USD",
    price_usd: invoice.price,
    price_eur: null,
    paid: invoice.price,
    paid_usd: invoice.price,
    gateway: "RESELLER",
    payment_method_id: null,
    manual: false,
    archived: false,
    coupon_id: null,
    customer_id: null,
    affiliate_id: null,
    ip: null,
    user_agent: null,
    crypto_address: null,
    crypto_amount: null,
    crypto_coin_amount: null,
    crypto_rate: null,
    crypto_quote_expires_at: null,
    walletAff_email: null,
    walletAff_transaction_id: null,
    walletAff_currency: null,
    walletAff_note: null,
    appB_cashtag: null,
    appB_receipt_id: null,
    appB_transaction_id: null,
    appB_note: null,
    appC_tag: null,
    appC_note: null,
    cardproc_pi_id: null,
    cardproc_dispute_status: null,
    payment_url: null,
    chat_user_id: null,
    chat_username: null,
    dashboard_note: null,
    tracking_code: null,
    tracking_link: null,
    shipped_at: null,
    dismissed_at: null,
    recovery_sent_at: null,
    updated_at: invoice.created_at,
    product: {
      ...product,
      variants: variants.map((row) => ({ ...row, unsold_serials: row.unsold_serials - (taken.get(row.id) ?? 0) })),
    },
    variant,
    items: items.map((item) => ({
      ...item,
      invoice_id: invoice.id,
      dynamic_attempts: 0,
      dynamic_last_at: null,
      dynamic_last_error: null,
      created_at: invoice.created_at,
      updated_at: invoice.created_at,
    })),
  };
}

/** Money as the database keeps it (numeric(14,2)), for a view built without reading it back. */
export const storedMoney = (value: Prisma.Decimal) => new Prisma.Decimal(value.toFixed(2));
