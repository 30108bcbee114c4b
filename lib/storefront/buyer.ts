import { notFound } from "../api/errors";
import { linkBase } from "../api/link-base";
import { appUrl, env } from "../env";
import { forwardedOf } from "../api/forwarded";
import { cachedShop } from "./cached-reads";
import type { BuyerContext } from "./cart";

/**
 * The buyer as this request shows them: the address and the country through
 * the trusted proxies (server.ts; the country only when COUNTRY_HEADER is
 * set and a trusted proxy named one), the user agent as sent.
 */
export function buyerContext(request: Request): BuyerContext {
  const { ip, country } = forwardedOf(request);
  return { ip, userAgent: request.headers.get("user-agent")?.slice(0, 1000) ?? null, countryCode: country };
}

/** The shop a storefront call names, from the pages' cached read (no query once cached); 404 like a page for an unknown one. */
export async function storefrontShopId(subdomain: string): Promise<number> {
  const shop = await cachedShop(subdomain);
  if (!shop) throw notFound("Shop");
  return shop.id;
}

/** Where the buyer's page is: the app's own address when shops have hosts of their own (a shop's host serves only its storefront). */
export function buyerPageBase(request: Request): string {
  return env().STORE_DOMAIN ? appUrl() : linkBase(request);
}
