import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { CartLink } from "@/components/storefront/cart-link";
import { cachedHasBlog, cachedShop } from "@/lib/storefront/cached-reads";
import { NOT_A_SUBDOMAIN } from "@/lib/storefront/catalog";
import { blogPath, orderLookupPath, storefrontPath, storefrontUrl } from "@/lib/storefront/paths";
import { themeCssVariables } from "@/lib/storefront/theme";

type Props = { params: Promise<{ subdomain: string }> };

/**
 * A shop's pages are not known at build time: the first request for a URL
 * renders it (blocking), and Next keeps the result as that URL's cached page
 * until one of its tags expires (lib/storefront/cache-tags.ts).
 */
export const instant = false;

/**
 * No shop is prerendered at build time (there is no database then): every
 * one is rendered on its first visit. Cache Components want one known
 * value to validate the route with; this one is not a subdomain, so it is
 * answered 404 without a query.
 */
export function generateStaticParams() {
  return [{ subdomain: NOT_A_SUBDOMAIN }];
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { subdomain } = await params;
  const shop = await cachedShop(subdomain);
  if (!shop) return {};
  return {
    title: { default: shop.name, template: `%s · ${shop.name}` },
    description: shop.description ?? undefined,
    icons: shop.faviconPath ? [{ url: shop.faviconPath }] : undefined,
    openGraph: { siteName: shop.name, url: storefrontUrl(storefrontPath(shop.subdomain), shop.domain) },
  };
}

/**
 * Every storefront page: the shop's look (its theme as CSS variables), its
 * header and the cart link. Rendered once from the cache: nothing here reads
 * the request; the cart count is a client island.
 */
export default async function StorefrontLayout({ children, params }: Props & { children: React.ReactNode }) {
  const { subdomain } = await params;
  const shop = await cachedShop(subdomain);
  if (!shop) notFound();
  const hasBlog = await cachedHasBlog(shop.id);
  return (
    <div
      className="flex min-h-screen flex-col bg-[var(--sf-background)] text-[var(--sf-text)] [font-family:var(--sf-font)]"
      style={themeCssVariables(shop.theme) as React.CSSProperties}
    >
      <header className="border-b border-current/10 bg-[var(--sf-surface)]">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
          <Link href={storefrontPath(shop.subdomain)} className="flex min-w-0 items-center gap-3 font-semibold">
            {shop.logoPath ? (
              <img src={shop.logoPath} alt="" width={36} height={36} className="h-9 w-9 rounded-[var(--sf-radius)] object-cover" />
            ) : null}
            <span className="truncate text-lg">{shop.name}</span>
          </Link>
          <nav aria-label="Shop" className="flex shrink-0 items-center gap-4">
            {hasBlog ? (
              <Link href={blogPath(shop.subdomain)} className="underline-offset-4 hover:underline">
                Blog
              </Link>
            ) : null}
            <CartLink subdomain={shop.subdomain} />
          </nav>
        </div>
      </header>
      <div className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:py-8">{children}</div>
      <footer className="flex flex-wrap justify-center gap-x-6 gap-y-2 border-t border-current/10 px-4 py-6 text-sm">
        <Link href={orderLookupPath(shop.subdomain)} className="underline">
          Find my orders
        </Link>
        {/* the seller's links: validated http(s) URLs, never script (crisp, tawk.to and gtag ids are stored, not run) */}
        {shop.links.map((link) => (
          <a key={link.label} href={link.url} rel="nofollow noopener noreferrer" target="_blank" className="underline">
            {link.label}
          </a>
        ))}
        <span className="opacity-75">Payments and delivery by Shopdesk</span>
      </footer>
    </div>
  );
}
