import type { Invoice, InvoiceItem } from "../generated/prisma/client";
import { moneyNumber, moneyString } from "../money";
import type { ResellerInvoiceListItemView, ResellerInvoiceView } from "./schemas";

/** `reseller_source` of the invoice list is an integer (spec): 1 = api, 2 = dynamic. */
export const RESELLER_SOURCE_CODES: Record<string, number> = { api: 1, dynamic: 2 };

export function serializeResellerInvoiceListItem(invoice: Invoice): ResellerInvoiceListItemView {
  return {
    id: invoice.id,
    status: invoice.status,
    price_usd: moneyString(invoice.price_usd),
    reseller_source: RESELLER_SOURCE_CODES[invoice.reseller_source ?? "api"] ?? 1,
    completed_at: invoice.completed_at?.toISOString() ?? null,
    created_at: invoice.created_at.toISOString(),
  };
}

export function serializeResellerInvoice(invoice: Invoice & { items: InvoiceItem[] }): ResellerInvoiceView {
  return {
    id: invoice.id,
    unique_id: invoice.unique_id,
    status: invoice.status,
    total_usd: moneyNumber(invoice.price_usd),
    source: invoice.reseller_source ?? "api",
    created_at: invoice.created_at.toISOString(),
    completed_at: invoice.completed_at?.toISOString() ?? null,
    items: invoice.items.map((item) => ({
      product_id: item.product_id,
      product_name: item.product_name,
      variant_id: item.variant_id,
      variant_name: item.variant_name,
      quantity: item.quantity,
      status: item.status,
      total_price_usd: moneyNumber(item.total_price_usd),
      reseller_discount: item.reseller_discount.toNumber(),
      delivered: item.delivered,
    })),
  };
}
