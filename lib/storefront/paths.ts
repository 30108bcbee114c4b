import { appUrl, env } from "../env";

/** A DNS label: what a shop's subdomain, and so its host name, can be. */
export const SUBDOMAIN_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** A storefront page's path on this server: every shop lives at /s/{subdomain} (on its own host too, see host-routing.ts). */
export function storefrontPath(subdomain: string, path = ""): string {
  return `/s/${encodeURIComponent(subdomain)}${path}`;
}

export function productPath(subdomain: string, productPath: string): string {
  return storefrontPath(subdomain, `/product/${encodeURIComponent(productPath)}`);
}

/** A page of the shop's catalog: page 1 is `/products` (and only that: `/products/1` is 404, one URL per page). */
export function catalogPath(subdomain: string, page = 1): string {
  return storefrontPath(subdomain, page === 1 ? "/products" : `/products/${page}`);
}

/**
 * The number of a later catalog page (`/products/{n}`) as its links write
 * it: 2 or more, digits with no leading zero (nine at most: more pages than
 * any catalog fills). Null: not one (`1`, `01`, `abc`), which is 404.
 */
export function laterCatalogPage(segment: string): number | null {
  return /^(?:[2-9]|[1-9][0-9]{1,8})$/.test(segment) ? Number(segment) : null;
}

/** The shop's blog: its list of published posts, or one post. */
export function blogPath(subdomain: string, postPath?: string): string {
  return storefrontPath(subdomain, postPath === undefined ? "/blog" : `/blog/${encodeURIComponent(postPath)}`);
}

/** "Find my orders": the form, or the page an e-mailed link opens (the token in the fragment: see that page). */
export function orderLookupPath(subdomain: string, token?: string): string {
  return storefrontPath(subdomain, token ? `/orders/open#${encodeURIComponent(token)}` : "/orders");
}

/**
 * The absolute URL of a storefront page (canonical links, the sitemap, Open
 * Graph): on the shop's verified custom domain when it has one (`domain`,
 * the shop's first: lib/domains), else on the shop's own host when
 * STORE_DOMAIN is set, with APP_URL's scheme; else on the app's address.
 */
export function storefrontUrl(path: string, domain: string | null = null): string {
  const storeDomain = env().STORE_DOMAIN;
  const shop = /^\/s\/([^/]+)(.*)$/.exec(path);
  if (shop && (domain || storeDomain)) {
    const scheme = new URL(appUrl()).protocol;
    return `${scheme}//${domain ?? `${shop[1]}.${storeDomain}`}${shop[2] || "/"}`;
  }
  return `${appUrl()}${path}`;
}
