import type { CustomField, CustomFieldAttachment, Invoice, InvoiceItem, Variant } from "../generated/prisma/client";
import { productStockOf } from "../catalog/stock";
import { moneyString, moneyStringOrNull } from "../money";
import { serializeCustomField } from "../custom-fields/serialize";
import type { VariantView } from "../catalog/schemas";
import type { InvoiceListItemView, InvoiceView } from "./schemas";

type ProductWithStock = {
  id: number;
  name: string;
  deliverables_type: string;
  variants: { service_stock: number | null; unsold_serials: number }[];
};
/**
 * The columns a list item shows, named once: the list's statement selects
 * these and its mapper picks them (lib/invoices/page-rows.ts).
 */
export const LISTED_COLUMNS = [
  "id",
  "status",
  "product_id",
  "variant_id",
  "price",
  "currency",
  "gateway",
  "email",
  "salt",
  "manual",
  "created_at",
  "completed_at",
  "archived",
  "unique_id",
] as const satisfies readonly (keyof Invoice)[];
type ListedColumns = (typeof LISTED_COLUMNS)[number];
export type ListedVariant = Pick<
  Variant,
  "id" | "product_id" | "name" | "description" | "price" | "dynamic_url" | "sort_priority" | "created_at" | "updated_at" | "deleted_at"
>;
export type InvoiceForList = Pick<Invoice, ListedColumns> & { product: ProductWithStock | null; variant: ListedVariant | null };
/** What the view shows of an item. */
export type ViewedItem = Pick<
  InvoiceItem,
  | "id"
  | "product_id"
  | "variant_id"
  | "product_name"
  | "variant_name"
  | "quantity"
  | "status"
  | "unit_price"
  | "total_price"
  | "delivered"
  | "dynamic_attempts"
  | "dynamic_last_error"
>;
export type InvoiceForView = Invoice & { product: ProductWithStock | null; variant: ListedVariant | null; items: ViewedItem[] };

export function serializeVariant(variant: ListedVariant): VariantView {
  return {
    id: variant.id,
    product_id: variant.product_id,
    name: variant.name,
    description: variant.description,
    price: moneyString(variant.price),
    dynamic_url: variant.dynamic_url,
    sort_priority: variant.sort_priority,
    created_at: variant.created_at.toISOString(),
    updated_at: variant.updated_at.toISOString(),
    deleted_at: variant.deleted_at?.toISOString() ?? null,
  };
}

export function serializeInvoiceListItem(invoice: InvoiceForList): InvoiceListItemView {
  return {
    id: invoice.id,
    status: invoice.status,
    product_id: invoice.product_id,
    variant_id: invoice.variant_id,
    price: moneyString(invoice.price),
    currency: invoice.currency,
    gateway: invoice.gateway,
    email: invoice.email,
    salt: invoice.salt,
    manual: invoice.manual ? 1 : 0,
    created_at: invoice.created_at.toISOString(),
    completed_at: invoice.completed_at?.toISOString() ?? null,
    archived: invoice.archived ? 1 : 0,
    unique_id: invoice.unique_id,
    product: invoice.product
      ? {
          id: invoice.product.id,
          name: invoice.product.name,
          stock_count: productStockOf(invoice.product.deliverables_type, invoice.product.variants),
        }
      : null,
    variant: invoice.variant ? serializeVariant(invoice.variant) : null,
  };
}

/** A custom field the buyer answered on the invoice (its pivot holds the answer). */
export type AnsweredField = CustomFieldAttachment & { custom_field: CustomField };

export function serializeInvoice(invoice: InvoiceForView, customFields: AnsweredField[]): InvoiceView {
  return {
    ...serializeInvoiceListItem(invoice),
    coupon_id: invoice.coupon_id,
    walletAff_email: invoice.walletAff_email,
    customer_id: invoice.customer_id,
    delivered: invoice.items.flatMap((item) => item.delivered).join("\n"),
    amount: invoice.amount,
    price_usd: moneyString(invoice.price_usd),
    custom_fields: customFields.map(({ custom_field: field, ...pivot }) => ({
      ...serializeCustomField(field),
      pivot: { morphable_id: pivot.morphable_id, custom_field_id: pivot.custom_field_id, value: pivot.value },
    })),
    ip: invoice.ip,
    user_agent: invoice.user_agent,
    crypto_address: invoice.crypto_address,
    crypto_amount: invoice.crypto_amount,
    shop_id: invoice.shop_id,
    appB_cashtag: invoice.appB_cashtag,
    appC_tag: invoice.appC_tag,
    appB_receipt_id: invoice.appB_receipt_id,
    appB_transaction_id: invoice.appB_transaction_id,
    chat_user_id: invoice.chat_user_id,
    discord_user_id: invoice.discord_user_id,
    walletAff_transaction_id: invoice.walletAff_transaction_id,
    price_eur: moneyStringOrNull(invoice.price_eur),
    walletAff_currency: invoice.walletAff_currency,
    walletAff_note: invoice.walletAff_note,
    cardproc_pi_id: invoice.cardproc_pi_id,
    cardproc_dispute_status: invoice.cardproc_dispute_status,
    // Beyond the spec's table: what the dashboard shows and the actions change.
    gateway_fee: moneyString(invoice.gateway_fee),
    paid: moneyStringOrNull(invoice.paid),
    paid_usd: moneyStringOrNull(invoice.paid_usd),
    refunded_amount: moneyStringOrNull(invoice.refunded_amount),
    dashboard_note: invoice.dashboard_note,
    tracking_code: invoice.tracking_code,
    tracking_link: invoice.tracking_link,
    shipped_at: invoice.shipped_at?.toISOString() ?? null,
    updated_at: invoice.updated_at.toISOString(),
    items: invoice.items.map((item) => ({
      id: item.id,
      product_id: item.product_id,
      variant_id: item.variant_id,
      product_name: item.product_name,
      variant_name: item.variant_name,
      quantity: item.quantity,
      status: item.status,
      unit_price: moneyString(item.unit_price),
      total_price: moneyString(item.total_price),
      delivered: item.delivered,
      dynamic_attempts: item.dynamic_attempts,
      dynamic_last_error: item.dynamic_last_error,
    })),
  };
}
