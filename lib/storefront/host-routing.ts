import { SUBDOMAIN_LABEL } from "./paths";

/**
 * Host-based routing of the storefront (server.ts applies it before Next
 * sees the request). A shop's host, `{subdomain}.{STORE_DOMAIN}` when
 * STORE_DOMAIN is set, or a verified custom domain of the shop
 * (lib/domains/host-cache.ts finds its shop, with or without STORE_DOMAIN),
 * serves that shop's storefront and its
 * static assets, and nothing else: any other path is read as a path of the
 * shop (`/cart` is `/s/{subdomain}/cart`, `/products/2` the catalog's second
 * page, `/v1/auth/login` is a storefront
 * page that does not exist), so the dashboard, the session routes and the
 * portal cannot be reached there, and seller-written pages never share an
 * origin with a seller's session. The app's own host serves no storefront:
 * `/s/{subdomain}/...` there redirects to the shop's host.
 */
export type HostRoute =
  { kind: "pass" } | { kind: "rewrite"; url: string } | { kind: "redirect"; location: string } | { kind: "not_found" };

/** What every origin serves as it is: the framework's built assets and uploaded images. */
const SHARED_PREFIXES = ["/_next/", "/cdn/"];
/** And the icon every page links (app/icon.svg), which a browser asks of the page's own origin. */
const SHARED_PATHS = new Set(["/icon.svg"]);

function withoutPort(host: string): string {
  return host.replace(/:\d+$/, "").toLowerCase();
}

export function portOf(host: string): string {
  return /:(\d+)$/.exec(host)?.[0] ?? "";
}

/** The shop a host names under STORE_DOMAIN, or null (the app's host, or another). */
export function storeSubdomainOf(host: string, storeDomain: string): string | null {
  const name = withoutPort(host);
  if (!name.endsWith(`.${storeDomain}`)) return null;
  const label = name.slice(0, -storeDomain.length - 1);
  return SUBDOMAIN_LABEL.test(label) ? label : null;
}

/** A request on a host of the shop's own: its storefront's paths as they are, anything else read as one of them. */
function onShopHost(subdomain: string, url: string): HostRoute {
  const { pathname } = new URL(url, "http://x");
  const own = `/s/${subdomain}`;
  if (pathname === own || pathname.startsWith(`${own}/`)) return { kind: "pass" };
  if (SHARED_PATHS.has(pathname) || SHARED_PREFIXES.some((prefix) => pathname.startsWith(prefix))) return { kind: "pass" };
  return { kind: "rewrite", url: `${own}${url === "/" ? "" : url}` };
}

/** `domainShop`: the subdomain of the shop whose verified custom domain the request's host is, if it is one. */
export function routeByHost(
  request: { host: string; url: string; proto: "http" | "https" },
  storeDomain: string | undefined,
  domainShop: string | null = null,
): HostRoute {
  if (domainShop) return onShopHost(domainShop, request.url);
  if (!storeDomain) return { kind: "pass" };
  const name = withoutPort(request.host);
  const subdomain = storeSubdomainOf(request.host, storeDomain);
  if (subdomain) return onShopHost(subdomain, request.url);
  if (name === storeDomain) return { kind: "not_found" };
  const storefront = /^\/s\/([^/?#]+)(.*)$/.exec(request.url);
  if (storefront && SUBDOMAIN_LABEL.test(storefront[1]!)) {
    const rest = storefront[2] || "/";
    return {
      kind: "redirect",
      location: `${request.proto}://${storefront[1]}.${storeDomain}${portOf(request.host)}${rest.startsWith("/") ? rest : `/${rest}`}`,
    };
  }
  return { kind: "pass" };
}
