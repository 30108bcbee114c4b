import type { APIRequestContext } from "@playwright/test";
import { expect } from "./api";
import type { ProductInput, ProductVariantView, ProductView } from "../../lib/catalog/schemas";
import type { CustomFieldView } from "../../lib/custom-fields/schemas";
import type { ImageView } from "../../lib/images/schemas";
import { gradientPng } from "../../lib/seed/png";

let counter = 0;
/** A name no other test uses, so filters and assertions see only this test's records. */
export function uniqueName(prefix: string): string {
  counter += 1;
  return `${prefix} ${process.pid}-${Date.now().toString(36)}-${counter}`;
}

/** A variant as a test sends it: the request schema's fields, a price also as text (as a query string would carry it). */
type VariantBody = Omit<ProductInput["variants"][number], "price" | "description"> & {
  price: number | string;
  description?: string | null;
};

/** A product as created: it has at least one variant (the request schema asks for one). */
export type CreatedProduct = ProductView & { variants: [ProductVariantView, ...ProductVariantView[]] };

/** Creates a product through the API and returns its body (201 asserted). */
export async function createProduct(
  seller: APIRequestContext,
  shopId: number,
  overrides: Record<string, unknown> & { variants?: VariantBody[] } = {},
) {
  const response = await seller.post(`/v1/shops/${shopId}/products`, {
    data: { name: uniqueName("Product"), deliverables_type: "serials", variants: [{ name: "Standard", price: 9.99 }], ...overrides },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as CreatedProduct;
}

export async function createImage(seller: APIRequestContext, shopId: number) {
  const response = await seller.post(`/v1/shops/${shopId}/images`, {
    multipart: { image: { name: "pixel.png", mimeType: "image/png", buffer: gradientPng(8, 6, [0, 0, 0], [255, 255, 255]) } },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as ImageView;
}

export async function createCustomField(seller: APIRequestContext, shopId: number, overrides: Record<string, unknown> = {}) {
  const response = await seller.post(`/v1/shops/${shopId}/custom-fields`, {
    data: { name: uniqueName("Field"), type: "text", ...overrides },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as CustomFieldView;
}

export { gradientPng };
