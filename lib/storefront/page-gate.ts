import type { Db } from "../db";
import { publishedPostExists } from "./blog";
import { catalogPageCount, listedProductCount, NOT_A_SUBDOMAIN, REACHABLE_VISIBILITIES } from "./catalog";
import { isTextId } from "../api/params";
import { laterCatalogPage, SUBDOMAIN_LABEL } from "./paths";

/**
 * Asked by server.ts before Next sees a storefront request: does the URL name
 * a shop, and a product page a product (a blog post's page a published
 * post), that exist? Next caches every URL it renders, a 404 included, and
 * a first render costs a few dozen times what a cached page costs; so
 * without this, each made-up URL (`/s/x1`, `/s/x2`, ...
 * or `/product/<random>`) would cost a render and push a real page out of the
 * bounded cache. An unknown one is rewritten to its shop's 404 page
 * (`/s/{subdomain}/product/_`), or the shopless one (`/s/_`, prerendered at
 * build), each one cached entry however many URLs are made up.
 *
 * What is known to exist is remembered in process memory (a bounded cache
 * of facts the database holds, never state): a cached page is served with no
 * database round trip. A remembered shop or product that was since deleted
 * or hidden only lets its own URL through to Next, which renders the 404
 * itself, so nothing here has to be expired. What does not exist is never
 * remembered: a shop or product made a moment ago is found at once.
 *
 * The catalog's pages are bounded the same way: `/products/{n}` passes only
 * for n written as Next would link it (digits, no leading zero, 2 or more:
 * page 1 is `/products` alone) and within the pages the shop's listed
 * products fill now (one count); any other tail of `/products/` goes to the
 * shop's one catalog 404 page (`/s/{subdomain}/products/_`). A page known
 * to exist is remembered; one the catalog has since shrunk below lets its
 * own URL through, and Next renders its 404.
 */
const REMEMBERED_LIMIT = 50_000;
const remembered = new Set<string>();

function remember(key: string) {
  if (remembered.size >= REMEMBERED_LIMIT) remembered.delete(remembered.values().next().value!);
  remembered.add(key);
}

export type StorefrontGate = { kind: "pass" } | { kind: "rewrite"; url: string } | { kind: "no_shop" };

const STOREFRONT_URL = /^\/s\/([^/?#]+)(\/[^?#]*)?(\?[^#]*)?$/;
const PRODUCT_PAGE = /^\/product\/([^/]+)\/?$/;
const BLOG_POST_PAGE = /^\/blog\/([^/]+)\/?$/;
const CATALOG_PAGES = /^\/products(\/.*)?$/;
const ONE_SEGMENT = /^\/([^/]*)\/?$/;

/** A segment as it names a record, or null when it is not valid percent-encoded UTF-8 or names none. */
function decoded(segment: string): string | null {
  try {
    const value = decodeURIComponent(segment);
    return isTextId(value) ? value : null;
  } catch {
    return null;
  }
}

async function shopExists(db: Db, subdomain: string): Promise<boolean> {
  if (!SUBDOMAIN_LABEL.test(subdomain)) return false;
  const key = `shop\n${subdomain}`;
  if (remembered.has(key)) return true;
  const shop = await db.shop.findFirst({ where: { subdomain, deleted_at: null }, select: { id: true } });
  if (shop) remember(key);
  return shop !== null;
}

async function productExists(db: Db, subdomain: string, path: string): Promise<boolean> {
  const key = `product\n${subdomain}\n${path}`;
  if (remembered.has(key)) return true;
  const product = await db.product.findFirst({
    where: { shop: { subdomain, deleted_at: null }, path, deleted_at: null, visibility: { in: REACHABLE_VISIBILITIES } },
    select: { id: true },
  });
  if (product) remember(key);
  return product !== null;
}

async function postExists(db: Db, subdomain: string, path: string): Promise<boolean> {
  const key = `post\n${subdomain}\n${path}`;
  if (remembered.has(key)) return true;
  const exists = await publishedPostExists(db, subdomain, path);
  if (exists) remember(key);
  return exists;
}

async function catalogPageExists(db: Db, subdomain: string, page: number): Promise<boolean> {
  const key = `catalog page\n${subdomain}\n${page}`;
  if (remembered.has(key)) return true;
  const exists = page <= catalogPageCount(await listedProductCount(db, subdomain));
  if (exists) remember(key);
  return exists;
}

/**
 * Where a request for `url` (a path and query, as Next will see it) goes:
 * on to Next as it is, rewritten to a 404 page, or (a call to the
 * storefront's API of a shop that does not exist) answered 404 by the caller.
 */
export async function gateStorefront(db: Db, method: string, url: string): Promise<StorefrontGate> {
  // a database that fails to answer here fails the render too: Next answers as it would without the gate
  return gateOf(db, method, url).catch(() => ({ kind: "pass" }) as const);
}

async function gateOf(db: Db, method: string, url: string): Promise<StorefrontGate> {
  const match = STOREFRONT_URL.exec(url);
  if (!match) return { kind: "pass" };
  const [, rawSubdomain, rest = "", query = ""] = match;
  const subdomain = decoded(rawSubdomain!);
  if (subdomain === null || subdomain === NOT_A_SUBDOMAIN) return { kind: "pass" };
  const api = rest.startsWith("/api/");
  // pages are cached for GET and HEAD only; the API's routes read the shop themselves
  if (!api && method !== "GET" && method !== "HEAD") return { kind: "pass" };
  if (!(await shopExists(db, subdomain))) return api ? { kind: "no_shop" } : { kind: "rewrite", url: `/s/${NOT_A_SUBDOMAIN}${query}` };
  const post = BLOG_POST_PAGE.exec(rest);
  if (post) {
    const path = decoded(post[1]!);
    if (path !== null && path !== NOT_A_SUBDOMAIN && (await postExists(db, subdomain, path))) return { kind: "pass" };
    return { kind: "rewrite", url: `/s/${rawSubdomain}/blog/${NOT_A_SUBDOMAIN}${query}` };
  }
  const catalog = CATALOG_PAGES.exec(rest);
  if (catalog) {
    const tail = catalog[1] ?? "";
    if (tail === "" || tail === "/") return { kind: "pass" };
    // the raw segment: `/products/%32` would be page 2 to Next, under a second URL
    const segment = ONE_SEGMENT.exec(tail)?.[1];
    const page = segment === undefined ? null : laterCatalogPage(segment);
    if (page !== null && (await catalogPageExists(db, subdomain, page))) return { kind: "pass" };
    return { kind: "rewrite", url: `/s/${rawSubdomain}/products/${NOT_A_SUBDOMAIN}${query}` };
  }
  const product = PRODUCT_PAGE.exec(rest);
  if (!product) return { kind: "pass" };
  const path = decoded(product[1]!);
  if (path !== null && path !== NOT_A_SUBDOMAIN && (await productExists(db, subdomain, path))) return { kind: "pass" };
  return { kind: "rewrite", url: `/s/${rawSubdomain}/product/${NOT_A_SUBDOMAIN}${query}` };
}
