import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { CatalogPage, catalogTitle } from "@/components/storefront/catalog-page";
import { cachedCatalogPage, cachedShop } from "@/lib/storefront/cached-reads";
import { catalogPath, storefrontUrl } from "@/lib/storefront/paths";

type Props = { params: Promise<{ subdomain: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { subdomain } = await params;
  const shop = await cachedShop(subdomain);
  return shop ? { title: catalogTitle(1), alternates: { canonical: storefrontUrl(catalogPath(shop.subdomain), shop.domain) } } : {};
}

/** The catalog's first page (`/products`): the later ones are products/[page]. */
export default async function FirstCatalogPage({ params }: Props) {
  const { subdomain } = await params;
  const shop = await cachedShop(subdomain);
  if (!shop) notFound();
  const catalog = await cachedCatalogPage(shop.id, 1);
  if (!catalog) notFound();
  return <CatalogPage shop={shop} catalog={catalog} />;
}
