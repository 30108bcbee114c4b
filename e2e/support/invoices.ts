import type { APIRequestContext } from "@playwright/test";
import type { InvoiceView } from "../../lib/invoices/schemas";
import { expect } from "./api";

export type { InvoiceView } from "../../lib/invoices/schemas";

const variantCache = new Map<string, number>();

/**
 * The id of a seeded variant, found by product and variant name in the
 * seeded order history (there is no catalog route to ask yet). The seed
 * sells every variant of the first shop, so the first invoices name them all.
 */
export async function seededVariantId(
  seller: APIRequestContext,
  shopId: number,
  productName: string,
  variantName: string,
): Promise<number> {
  const key = `${shopId}:${productName}:${variantName}`;
  const cached = variantCache.get(key);
  if (cached) return cached;
  for (let start = 1; start <= 400; start += 25) {
    const views = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        seller.get(`/v1/shops/${shopId}/invoices/${start + i}`).then((r) => (r.ok() ? (r.json() as Promise<InvoiceView>) : null)),
      ),
    );
    for (const view of views) {
      for (const item of view?.items ?? []) {
        if (item.variant_id !== null) variantCache.set(`${shopId}:${item.product_name}:${item.variant_name}`, item.variant_id);
      }
    }
    const found = variantCache.get(key);
    if (found) return found;
  }
  throw new Error(`no seeded invoice sells ${productName} (${variantName})`);
}

export const STEAM = ["Steam Game Key", "Standard"] as const;
export const STEAM_DELUXE = ["Steam Game Key", "Deluxe"] as const;
export const SOLD_OUT = ["Steam Game Key", "Collector's Edition"] as const;
export const GIFT_CARD = ["Gift Card (instant)", "$25"] as const;
export const COACHING = ["1:1 Coaching Session", "1 hour"] as const;

/** A new pending manual invoice of this test's own. */
export async function createPendingInvoice(
  seller: APIRequestContext,
  shopId: number,
  items: { variant_id: number; quantity: number }[],
  email = `buyer+${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`,
): Promise<InvoiceView> {
  const response = await seller.post(`/v1/shops/${shopId}/invoices`, { data: { email, items } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as InvoiceView;
}

/** POSTs an invoice action and returns the response. */
export function invoiceAction(seller: APIRequestContext, shopId: number, invoiceId: number | string, action: string, data?: unknown) {
  return seller.post(`/v1/shops/${shopId}/invoices/${invoiceId}/${action}`, data === undefined ? {} : { data });
}

export async function completeInvoice(seller: APIRequestContext, shopId: number, invoiceId: number | string): Promise<InvoiceView> {
  const response = await invoiceAction(seller, shopId, invoiceId, "status", { status: "completed" });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as InvoiceView;
}
