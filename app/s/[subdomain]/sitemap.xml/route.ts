import { connection } from "next/server";
import { cachedBlogSitemapEntries, cachedShop, cachedSitemapEntries } from "@/lib/storefront/cached-reads";
import { blogPath, productPath, storefrontPath, storefrontUrl } from "@/lib/storefront/paths";
import { sitemapXml } from "@/lib/storefront/sitemap";

/** The shop's public pages: its home, its public products (unlisted and on-hold pages are left out) and its published blog posts. */
export async function GET(_request: Request, { params }: { params: Promise<{ subdomain: string }> }) {
  // answered per request from the cached reads: no shop exists when the build runs
  await connection();
  const { subdomain } = await params;
  const shop = await cachedShop(subdomain);
  if (!shop) return new Response("Not found", { status: 404 });
  const [products, posts] = await Promise.all([cachedSitemapEntries(shop.id), cachedBlogSitemapEntries(shop.id)]);
  const xml = sitemapXml([
    { url: storefrontUrl(storefrontPath(shop.subdomain), shop.domain) },
    ...products.map((product) => ({
      url: storefrontUrl(productPath(shop.subdomain, product.path), shop.domain),
      lastModified: product.updatedAt,
    })),
    ...(posts.length ? [{ url: storefrontUrl(blogPath(shop.subdomain), shop.domain) }] : []),
    ...posts.map((post) => ({ url: storefrontUrl(blogPath(shop.subdomain, post.path), shop.domain), lastModified: post.updatedAt })),
  ]);
  return new Response(xml, { headers: { "content-type": "application/xml; charset=utf-8" } });
}
