import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "../support/api";
import { createProduct, uniqueName, type CreatedProduct } from "../support/catalog";
import { createShopAs, newShopOwner } from "../support/shops";
import { storefrontHtml } from "../support/storefront";
import type { GroupView } from "../../lib/groups/schemas";

/**
 * The bounded home and the catalog's pages over HTTP, on a shop of the
 * test's own: 70 listed products in two public groups and the ungrouped
 * section (a private group's products among them), fewer on the home than
 * each section has, two catalog pages of 48 and 22, and the page numbers
 * the gate refuses. Sizes: HOME_SECTION_CARDS, CATALOG_PAGE_SIZE
 * (lib/storefront/catalog.ts).
 */
const HOME_CARDS = 12;
const PAGE_SIZE = 48;

test.describe.configure({ timeout: 120_000 });

async function createGroup(client: APIRequestContext, shopId: number, data: Record<string, unknown>) {
  const response = await client.post(`/v1/shops/${shopId}/groups`, { data });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as GroupView;
}

/** Products created a few at a time (the order on the pages is the test's to compute: sort priority, then id). */
async function createProducts(client: APIRequestContext, shopId: number, bodies: Record<string, unknown>[]) {
  const created: CreatedProduct[] = [];
  for (let start = 0; start < bodies.length; start += 6) {
    created.push(...(await Promise.all(bodies.slice(start, start + 6).map((body) => createProduct(client, shopId, body)))));
  }
  return created;
}

/** Home order within a section: sort priority, then id. */
const inSectionOrder = (products: CreatedProduct[]) =>
  [...products].sort((a, b) => a.sort_priority - b.sort_priority || a.id - b.id).map((product) => product.path);

/** The sections of a storefront page in order, each with its heading's text and its cards' product paths in order. */
function sectionsOf(html: string, subdomain: string) {
  return [...html.matchAll(/<section id="([^"]+)"[^>]*>([\s\S]*?)<\/section>/g)].map(([, anchor, body]) => ({
    anchor: anchor!,
    heading: /<h2[^>]*>([^<]*)/.exec(body!)?.[1] ?? "",
    paths: [...body!.matchAll(new RegExp(`href="/s/${subdomain}/product/([^"]+)"`, "g"))].map((match) => decodeURIComponent(match[1]!)),
    seeAll: /<a [^>]*href="([^"]+)"[^>]*>(See all \d+ products)<\/a>/.exec(body!)?.slice(1) ?? null,
  }));
}

/** The pagination's links: where each goes, its text as read (the sr-only "Page " included), and which is current. */
function pageLinks(html: string) {
  const nav = /<nav aria-label="Pages">([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? "";
  return [...nav.matchAll(/<a ([^>]*)>([\s\S]*?)<\/a>/g)].map(([, attributes, body]) => ({
    text: body!.replace(/<[^>]+>/g, ""),
    href: /href="([^"]+)"/.exec(attributes!)?.[1],
    current: attributes!.includes('aria-current="page"'),
  }));
}

test("a home section shows its first cards and links to the catalog page where it starts; the pages list every product in home order", async ({
  playwright,
  baseURL,
  anonymous,
  shopId,
}) => {
  const owner = await newShopOwner(playwright, baseURL, anonymous, shopId);
  const shop = await createShopAs(owner.client);
  const client = owner.client;
  const sub = shop.subdomain;
  const first = await createGroup(client, shop.id, { name: uniqueName("First group"), sort_priority: 1, badge_text: "New" });
  const second = await createGroup(client, shop.id, { name: uniqueName("Second group"), sort_priority: 2 });
  const hiddenGroup = await createGroup(client, shop.id, { name: uniqueName("Private group"), sort_priority: 0, visibility: "private" });
  const empty = await createGroup(client, shop.id, { name: uniqueName("Empty group"), sort_priority: 3 });

  // the first group's products in reverse order of creation (sort priority), the rest as created
  const firstProducts = await createProducts(
    client,
    shop.id,
    Array.from({ length: 30 }, (_, n) => ({ name: uniqueName("First"), group_id: first.id, sort_priority: 29 - n })),
  );
  const secondProducts = await createProducts(
    client,
    shop.id,
    Array.from({ length: 25 }, () => ({ name: uniqueName("Second"), group_id: second.id })),
  );
  const ungrouped = await createProducts(client, shop.id, [
    ...Array.from({ length: 12 }, () => ({ name: uniqueName("Loose") })),
    { name: uniqueName("Held"), visibility: "on_hold" },
    // a private group's products are shown as products of no group
    { name: uniqueName("In private group"), group_id: hiddenGroup.id },
    { name: uniqueName("In private group"), group_id: hiddenGroup.id },
  ]);
  // never listed: private, unlisted, deleted, and a listed product's private sibling in a group
  const unlistedOnes = await createProducts(client, shop.id, [
    { name: uniqueName("Private"), visibility: "private" },
    { name: uniqueName("Unlisted"), visibility: "unlisted" },
    { name: uniqueName("Private in group"), visibility: "private", group_id: first.id },
    { name: uniqueName("Deleted"), group_id: empty.id },
  ]);
  const deleted = unlistedOnes.at(-1)!;
  expect((await client.delete(`/v1/shops/${shop.id}/products/${deleted.id}`)).status()).toBe(200);

  const firstOrder = inSectionOrder(firstProducts);
  const secondOrder = inSectionOrder(secondProducts);
  const ungroupedOrder = inSectionOrder(ungrouped);
  expect(firstOrder).toEqual(firstProducts.map((product) => product.path).reverse());

  // the home: every section cut to its first cards, each with its "See all" link to where it starts (the
  // ungrouped section starts on page 2: 30 + 25 products come before it)
  await expect
    .poll(async () => sectionsOf((await storefrontHtml(anonymous, `/s/${sub}`)).html, sub).map((section) => section.anchor))
    .toEqual([`group-${first.id}`, `group-${second.id}`, "ungrouped"]);
  const home = await storefrontHtml(anonymous, `/s/${sub}`);
  expect(home.status).toBe(200);
  expect(sectionsOf(home.html, sub)).toEqual([
    {
      anchor: `group-${first.id}`,
      heading: first.name,
      paths: firstOrder.slice(0, HOME_CARDS),
      seeAll: [`/s/${sub}/products#group-${first.id}`, "See all 30 products"],
    },
    {
      anchor: `group-${second.id}`,
      heading: second.name,
      paths: secondOrder.slice(0, HOME_CARDS),
      seeAll: [`/s/${sub}/products#group-${second.id}`, "See all 25 products"],
    },
    {
      anchor: "ungrouped",
      heading: "More products",
      paths: ungroupedOrder.slice(0, HOME_CARDS),
      seeAll: [`/s/${sub}/products/2#ungrouped`, "See all 15 products"],
    },
  ]);
  expect(home.html).not.toContain(">All products</a>");
  expect(home.html).toContain(">New</span>");

  // page 1: 48 products, the first group whole and the second's first 18, under their headings
  const pageOne = await storefrontHtml(anonymous, `/s/${sub}/products`);
  expect(pageOne.status).toBe(200);
  expect(pageOne.html).toContain(`<title>All products · ${shop.name}</title>`);
  expect(pageOne.html).toContain(`<link rel="canonical" href="${baseURL}/s/${sub}/products"/>`);
  expect(sectionsOf(pageOne.html, sub)).toEqual([
    { anchor: `group-${first.id}`, heading: first.name, paths: firstOrder, seeAll: null },
    { anchor: `group-${second.id}`, heading: second.name, paths: secondOrder.slice(0, PAGE_SIZE - 30), seeAll: null },
  ]);
  expect(pageOne.html).toContain("Page 1 of 2");
  expect(pageLinks(pageOne.html)).toEqual([
    { text: "Page 1", href: `/s/${sub}/products`, current: true },
    { text: "Page 2", href: `/s/${sub}/products/2`, current: false },
    { text: "Next", href: `/s/${sub}/products/2`, current: false },
  ]);

  // page 2, the last: the second group's other 7 under its heading again, then the ungrouped 15
  const pageTwo = await storefrontHtml(anonymous, `/s/${sub}/products/2`);
  expect(pageTwo.status).toBe(200);
  expect(pageTwo.html).toContain(`<title>All products, page 2 · ${shop.name}</title>`);
  expect(pageTwo.html).toContain(`<link rel="canonical" href="${baseURL}/s/${sub}/products/2"/>`);
  expect(sectionsOf(pageTwo.html, sub)).toEqual([
    { anchor: `group-${second.id}`, heading: second.name, paths: secondOrder.slice(PAGE_SIZE - 30), seeAll: null },
    { anchor: "ungrouped", heading: "More products", paths: ungroupedOrder, seeAll: null },
  ]);
  expect(pageLinks(pageTwo.html)).toEqual([
    { text: "Previous", href: `/s/${sub}/products`, current: false },
    { text: "Page 1", href: `/s/${sub}/products`, current: false },
    { text: "Page 2", href: `/s/${sub}/products/2`, current: true },
  ]);

  // nothing unlisted anywhere
  for (const html of [home.html, pageOne.html, pageTwo.html]) {
    for (const product of unlistedOnes) expect(html).not.toContain(product.name);
    expect(html).not.toContain(hiddenGroup.name);
    expect(html).not.toContain(empty.name);
  }

  // numbers that name no page, or not the way the links write them: 404 (page 1 is /products alone)
  for (const tail of ["1", "0", "01", "02", "3", "999999", "99999999999999999999", "abc", "2x", "-2", "%32", "2/3", "_"]) {
    expect((await storefrontHtml(anonymous, `/s/${sub}/products/${tail}`)).status, `/products/${tail}`).toBe(404);
  }
  expect((await storefrontHtml(anonymous, `/s/no-such-shop-${Date.now()}/products`)).status).toBe(404);

  // the gate counts again for a number it has not seen pass: a product made now that opens page 3 is found at once
  await createProducts(
    client,
    shop.id,
    Array.from({ length: 2 * PAGE_SIZE - 70 + 1 }, () => ({ name: uniqueName("More") })),
  );
  await expect.poll(async () => (await storefrontHtml(anonymous, `/s/${sub}/products/3`)).status, { timeout: 10_000 }).toBe(200);
  expect((await storefrontHtml(anonymous, `/s/${sub}/products/4`)).status).toBe(404);
});

test("a shop with no products: the catalog's first page says so, later pages are 404", async ({
  playwright,
  baseURL,
  anonymous,
  shopId,
}) => {
  const owner = await newShopOwner(playwright, baseURL, anonymous, shopId);
  const shop = await createShopAs(owner.client);
  const first = await storefrontHtml(anonymous, `/s/${shop.subdomain}/products`);
  expect(first.status).toBe(200);
  expect(first.html).toContain("This shop has no products for sale yet.");
  expect(first.html).not.toContain('aria-label="Pages"');
  expect((await storefrontHtml(anonymous, `/s/${shop.subdomain}/products/2`)).status).toBe(404);
});

test("the home shows at most 20 sections and then links to all products; made-up page numbers share one cached 404", async ({
  playwright,
  baseURL,
  anonymous,
  shopId,
}) => {
  const owner = await newShopOwner(playwright, baseURL, anonymous, shopId);
  const shop = await createShopAs(owner.client);
  const groups: GroupView[] = [];
  for (let n = 0; n < 21; n++) groups.push(await createGroup(owner.client, shop.id, { name: uniqueName("Section"), sort_priority: n }));
  await createProducts(owner.client, shop.id, [
    ...groups.map((group) => ({ name: uniqueName("Alone"), group_id: group.id })),
    { name: uniqueName("Loose") },
  ]);
  await expect.poll(async () => sectionsOf((await storefrontHtml(anonymous, `/s/${shop.subdomain}`)).html, shop.subdomain).length).toBe(20);
  const home = await storefrontHtml(anonymous, `/s/${shop.subdomain}`);
  expect(sectionsOf(home.html, shop.subdomain).map((section) => section.anchor)).toEqual(
    groups.slice(0, 20).map((group) => `group-${group.id}`),
  );
  expect(home.html).toMatch(new RegExp(`<a [^>]*href="/s/${shop.subdomain}/products"[^>]*>All products</a>`));
  expect(home.html).not.toContain("See all");
  const catalog = await storefrontHtml(anonymous, `/s/${shop.subdomain}/products`);
  expect(sectionsOf(catalog.html, shop.subdomain).map((section) => section.anchor)).toEqual([
    ...groups.map((group) => `group-${group.id}`),
    "ungrouped",
  ]);

  // the gate sends every made-up number to the shop's one catalog 404 page: rendered once, then served from the cache
  let n = 0;
  await expect
    .poll(async () => {
      const page = await anonymous.get(`/s/${shop.subdomain}/products/${100 + ++n}`, { headers: { accept: "text/html" } });
      expect(page.status()).toBe(404);
      return page.headers()["x-nextjs-cache"];
    })
    .toBe("HIT");
});
