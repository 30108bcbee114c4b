import { Prisma } from "../db";
import type { Invoice, InvoiceItem } from "../generated/prisma/client";
import { newInvoiceRow, type InvoiceDefaults } from "../invoices/columns";
import type { InvoiceForView } from "../invoices/serialize";
import type { CatalogVariant } from "./catalog";

/** What a purchase sets on the invoice it is about to write (lib/reseller/purchase.ts): the columns its INSERT names. */
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
  /** the other columns: their defaults, read from the database (lib/invoices/columns.ts) */
  defaults: InvoiceDefaults;
  first: CatalogVariant;
  items: Omit<InvoiceItem, "invoice_id" | "dynamic_attempts" | "dynamic_last_at" | "dynamic_last_error" | "created_at" | "updated_at">[];
  /** serials taken per variant id: the product's stock after the purchase is its stock as read less these */
  taken: Map<number, number>;
};

/** The seller's view of the invoice, with its items whole (the reseller's answer shows their USD price and discount). */
export type PurchasedInvoice = InvoiceForView & { items: InvoiceItem[] };

/**
 * The invoice (with product, variant and items) the purchase is about to
 * write, for the answers that commit in its write statement (the webhook
 * events' seller view, the Idempotency-Key's stored answer): no round trip
 * under the reseller's lock reads it back. The purchase's own values over
 * the table's defaults, so a new column needs no edit here; the write
 * statement returns the row it wrote, and the purchase refuses to commit
 * when the two differ (lib/reseller/purchase.ts). The product's stock is as
 * the purchase's catalog lookup read it, less the serials this purchase takes.
 */
export function purchasedInvoice({ invoice, defaults, first, items, taken }: PurchaseRecord): PurchasedInvoice {
  const { variants, ...product } = first.product;
  const { product: _product, ...variant } = first;
  const row = newInvoiceRow(defaults, {
    ...invoice,
    product_id: product.id,
    variant_id: first.id,
    currency: "USD",
    price_usd: invoice.price,
    paid: invoice.price,
    paid_usd: invoice.price,
    gateway: "RESELLER",
    updated_at: invoice.created_at,
  });
  return {
    ...row,
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
