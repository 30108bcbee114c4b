import type { Invoice, InvoiceItem, Product, Variant } from "../generated/prisma/client";
import { appUrl } from "../env";
import { moneyString } from "../money";
import { checkoutType } from "./abandoned";
import type { AbandonedCheckoutView } from "./schemas";

export const checkoutInclude = {
  product: { select: { id: true, name: true } },
  variant: { select: { id: true, name: true } },
  items: { orderBy: { id: "asc" } },
} as const;

type CheckoutRow = Invoice & {
  product: Pick<Product, "id" | "name"> | null;
  variant: Pick<Variant, "id" | "name"> | null;
  items: InvoiceItem[];
};

/** Where the customer completes the checkout; the coupon code is pre-filled when one is offered. */
export function checkoutUrl(uniqueId: string, couponCode?: string | null): string {
  const url = `${appUrl()}/checkout/${encodeURIComponent(uniqueId)}`;
  return couponCode ? `${url}?coupon=${encodeURIComponent(couponCode)}` : url;
}

/** An abandoned checkout as returned (the spec does not show it): the invoice's summary plus its checkout state. */
export function serializeCheckout(invoice: CheckoutRow): AbandonedCheckoutView {
  return {
    id: invoice.id,
    unique_id: invoice.unique_id,
    type: checkoutType(invoice),
    status: invoice.status,
    email: invoice.email,
    price: moneyString(invoice.price),
    price_usd: moneyString(invoice.price_usd),
    currency: invoice.currency,
    gateway: invoice.gateway,
    manual: invoice.manual ? 1 : 0,
    product_id: invoice.product_id,
    variant_id: invoice.variant_id,
    product: invoice.product,
    variant: invoice.variant,
    items: invoice.items.map((item) => ({
      product_id: item.product_id,
      product_name: item.product_name,
      variant_id: item.variant_id,
      variant_name: item.variant_name,
      quantity: item.quantity,
      total_price: moneyString(item.total_price),
    })),
    coupon_id: invoice.coupon_id,
    customer_id: invoice.customer_id,
    dismissed: invoice.dismissed_at !== null,
    dismissed_at: invoice.dismissed_at?.toISOString() ?? null,
    recovery_sent_at: invoice.recovery_sent_at?.toISOString() ?? null,
    checkout_url: checkoutUrl(invoice.unique_id),
    created_at: invoice.created_at.toISOString(),
    updated_at: invoice.updated_at.toISOString(),
  };
}
