import { appUrl } from "../env";

/** A storefront page's path on this server: every shop lives at /s/{subdomain}. */
export function storefrontPath(subdomain: string, path = ""): string {
  return `/s/${encodeURIComponent(subdomain)}${path}`;
}

export function productPath(subdomain: string, productPath: string): string {
  return storefrontPath(subdomain, `/product/${encodeURIComponent(productPath)}`);
}

/** The absolute URL of a storefront page (canonical links, the sitemap, Open Graph). */
export function storefrontUrl(path: string): string {
  return `${appUrl()}${path}`;
}
