import { randomBytes } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect } from "./api";
import { expectAccessible } from "./axe";
import { createProduct } from "./catalog";
import { expectNoSidewaysScroll } from "./layout";

/**
 * Storefront fixtures: products of one test in the demo shop (which every
 * spec shares), each with its own name, variants and keys, and the checks a
 * storefront page passes at every width it is seen at.
 */

export const WIDTHS = [
  { label: "1280 px", viewport: { width: 1280, height: 900 } },
  { label: "375 px", viewport: { width: 375, height: 812 } },
] as const;

/** A name of fixed length no other test uses (no name is a prefix of another). */
export const storefrontName = (label: string) => `Storefront ${label} ${randomBytes(4).toString("hex")}`;

/** The shop's subdomain, as the storefront's URLs carry it. */
export async function shopSubdomain(seller: APIRequestContext, shopId: number): Promise<string> {
  const response = await seller.get(`/v1/shops/${shopId}`);
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { subdomain: string }).subdomain;
}

export type SaleVariant = { id: number; name: string; price: string; keys: string[] };
export type SaleProduct = { id: number; name: string; path: string; variants: SaleVariant[] };

/** A serials product with these variants, each stocked with `keys` keys of its own (0: out of stock). */
export async function saleProduct(
  seller: APIRequestContext,
  shopId: number,
  label: string,
  variants: { name: string; price: string; keys: number }[],
  overrides: Record<string, unknown> = {},
): Promise<SaleProduct> {
  const product = await createProduct(seller, shopId, {
    name: storefrontName(label),
    variants: variants.map(({ name, price }) => ({ name, price })),
    ...overrides,
  });
  const stocked: SaleVariant[] = [];
  for (const [index, variant] of product.variants.entries()) {
    const wanted = variants[index]!;
    const keys = Array.from({ length: wanted.keys }, (_, n) => `SF-${variant.id}-${n + 1}-${randomBytes(3).toString("hex")}`);
    if (keys.length) {
      const appended = await seller.put(`/v1/shops/${shopId}/products/${product.id}/deliverables/append/${variant.id}`, {
        data: { deliverables: keys },
      });
      expect(appended.status(), await appended.text()).toBe(200);
    }
    stocked.push({ id: variant.id, name: wanted.name, price: wanted.price, keys });
  }
  return { id: product.id, name: product.name, path: product.path, variants: stocked };
}

/** The page as it is now fits the viewport (no sideways scrolling) and has no serious or critical axe finding. */
export async function expectPageFits(page: Page, where: string) {
  await expectNoSidewaysScroll(page, where);
  await expectAccessible(page, `${where} at ${page.viewportSize()?.width} px`);
}

/** A storefront page's HTML with React's text separators (`<!-- -->`) taken out, so "See all 30 products" reads as it shows. */
export async function storefrontHtml(request: APIRequestContext, path: string): Promise<{ status: number; html: string }> {
  const response = await request.get(path, { headers: { accept: "text/html" } });
  return { status: response.status(), html: (await response.text()).replaceAll("<!-- -->", "") };
}

/** How many pages the shop's catalog has, as its first page says. */
export async function catalogPageCount(request: APIRequestContext, subdomain: string): Promise<number> {
  const { html } = await storefrontHtml(request, `/s/${subdomain}/products`);
  return Number(/Page 1 of (\d+)/.exec(html)?.[1] ?? 1);
}

/**
 * The catalog page (its path) whose cards include a product of this name,
 * or null. The home shows only the first cards of each group, and the demo
 * shop every spec adds products to outgrows it, so a test finds a product
 * it made on the catalog's pages, walked from the last (where new products
 * land) back.
 */
export async function catalogPageListing(request: APIRequestContext, subdomain: string, productName: string): Promise<string | null> {
  const card = `<span class="font-medium">${productName.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;")}</span>`;
  for (let n = await catalogPageCount(request, subdomain); n >= 1; n--) {
    const path = n === 1 ? `/s/${subdomain}/products` : `/s/${subdomain}/products/${n}`;
    if ((await storefrontHtml(request, path)).html.includes(card)) return path;
  }
  return null;
}

/**
 * A new product's card on the shop's home, or on the catalog page that
 * lists it when the home leaves it out. Both are cached pages that a
 * database trigger expires: a product created a moment ago shows once the
 * expiry has reached the server, so the pages are reloaded until it does.
 */
export async function openFromHome(page: Page, subdomain: string, productName: string) {
  const card = page.getByRole("link", { name: productName });
  await expect(async () => {
    await page.goto(`/s/${subdomain}`);
    if ((await card.count()) === 0) {
      const listing = await catalogPageListing(page.request, subdomain, productName);
      expect(listing, `a catalog page listing ${productName}`).not.toBeNull();
      await page.goto(listing!);
    }
    await expect(card).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expectPageFits(page, "the storefront's page listing it");
  await card.click();
  await expect(page.getByRole("heading", { level: 1, name: productName })).toBeVisible();
}

/** On a product page: picks the variant, sets the quantity, adds it to the cart. */
export async function addToCart(page: Page, variant: string, quantity: number) {
  await page.getByRole("radio", { name: new RegExp(`^${variant} `) }).check();
  await page.getByLabel("Quantity", { exact: true }).fill(String(quantity));
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Added to your cart." })).toBeVisible();
}
