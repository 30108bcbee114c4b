import { connection } from "next/server";
import { cachedShop } from "@/lib/storefront/cached-reads";
import { storefrontPath, storefrontUrl } from "@/lib/storefront/paths";

export async function GET(_request: Request, { params }: { params: Promise<{ subdomain: string }> }) {
  // answered per request from the cached reads: no shop exists when the build runs
  await connection();
  const { subdomain } = await params;
  const shop = await cachedShop(subdomain);
  if (!shop) return new Response("Not found", { status: 404 });
  const base = storefrontPath(shop.subdomain);
  const body = [
    "User-agent: *",
    `Allow: ${base}`,
    `Disallow: ${base}/cart`,
    `Disallow: ${base}/api/`,
    `Sitemap: ${storefrontUrl(`${base}/sitemap.xml`, shop.domain)}`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "content-type": "text/plain; charset=utf-8" } });
}
