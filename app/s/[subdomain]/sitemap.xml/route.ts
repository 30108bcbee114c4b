import { connection } from "next/server";
import { cachedShop, cachedSitemapEntries } from "@/lib/storefront/cached-reads";
import { productPath, storefrontPath, storefrontUrl } from "@/lib/storefront/paths";
import { sitemapXml } from "@/lib/storefront/sitemap";

/** The shop's public pages: its home and its public products (unlisted and on-hold pages are left out). */
export async function GET(_request: Request, { params }: { params: Promise<{ subdomain: string }> }) {
  // answered per request from the cached reads: no shop exists when the build runs
  await connection();
  const { subdomain } = await params;
  const shop = await cachedShop(subdomain);
  if (!shop) return new Response("Not found", { status: 404 });
  const products = await cachedSitemapEntries(shop.id);
  const xml = sitemapXml([
    { url: storefrontUrl(storefrontPath(shop.subdomain), shop.domain) },
    ...products.map((product) => ({
      url: storefrontUrl(productPath(shop.subdomain, product.path), shop.domain),
      lastModified: product.updatedAt,
    })),
  ]);
  return new Response(xml, { headers: { "content-type": "application/xml; charset=utf-8" } });
}
