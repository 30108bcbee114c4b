import { randomUUID } from "node:crypto";
import type { APIRequestContext, PlaywrightWorkerArgs } from "@playwright/test";
import type { InvoiceView } from "../../lib/invoices/schemas";
import type { ProductView } from "../../lib/catalog/schemas";
import { expect } from "./api";
import { createProduct } from "./catalog";
import { completeInvoice, createPendingInvoice } from "./invoices";
import { freshReseller, resellerClient, type FreshReseller } from "./reseller";

/**
 * Records of a test's own for the response-validation spec: an operation
 * that changes something changes only these, never what the seed gives other
 * tests running at the same time.
 */

/** A product of serial keys with `serials` unsold keys on its one variant. */
export async function serialProduct(seller: APIRequestContext, shopId: number, serials = 5): Promise<ProductView> {
  const product = (await createProduct(seller, shopId, { variants: [{ name: "Key", price: 4.99 }] })) as ProductView;
  const variant = product.variants[0]!;
  if (serials === 0) return product;
  const keys = Array.from({ length: serials }, (_, index) => `KEY-${product.id}-${index}-${randomUUID().slice(0, 8)}`);
  const appended = await seller.put(`/v1/shops/${shopId}/products/${product.id}/deliverables/append/${variant.id}`, {
    data: { deliverables: keys },
  });
  expect(appended.status(), await appended.text()).toBe(200);
  return product;
}

/** A pending manual invoice for one key of a product of its own. */
export async function pendingInvoice(seller: APIRequestContext, shopId: number): Promise<InvoiceView> {
  const product = await serialProduct(seller, shopId);
  return createPendingInvoice(seller, shopId, [{ variant_id: product.variants[0]!.id, quantity: 1 }]);
}

/** A completed invoice whose key was delivered. */
export async function completedInvoice(seller: APIRequestContext, shopId: number): Promise<InvoiceView> {
  const invoice = await pendingInvoice(seller, shopId);
  const done = await completeInvoice(seller, shopId, invoice.id);
  expect(done.items[0]!.delivered).toHaveLength(1);
  return done;
}

export async function invoiceIn(seller: APIRequestContext, shopId: number, invoiceId: number, action: string, data?: unknown) {
  const response = await seller.post(`/v1/shops/${shopId}/invoices/${invoiceId}/${action}`, data === undefined ? {} : { data });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as InvoiceView;
}

export type OwnReseller = FreshReseller & { client: APIRequestContext; product: ProductView };

/**
 * A reseller of the shop made for this test, credited `creditUsd`, with a
 * serial product of the test's own in the catalog to buy from.
 */
export async function ownReseller(
  playwright: PlaywrightWorkerArgs["playwright"],
  baseURL: string | undefined,
  seller: APIRequestContext,
  shopId: number,
  creditUsd = 100,
): Promise<OwnReseller> {
  const product = await serialProduct(seller, shopId);
  const fresh = await freshReseller(seller, shopId, creditUsd);
  return { ...fresh, client: await resellerClient(playwright, baseURL, fresh.apiKey), product };
}
