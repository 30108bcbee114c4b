import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { CatalogPage, catalogTitle } from "@/components/storefront/catalog-page";
import { cachedCatalogPage, cachedShop } from "@/lib/storefront/cached-reads";
import { NOT_A_SUBDOMAIN } from "@/lib/storefront/catalog";
import { catalogPath, laterCatalogPage, storefrontUrl } from "@/lib/storefront/paths";

type Props = { params: Promise<{ subdomain: string; page: string }> };

/** Like the shop's (see the layout): a sample only, so that every catalog page is cached after its first visit. */
export function generateStaticParams() {
  return [{ page: NOT_A_SUBDOMAIN }];
}

async function load(params: Props["params"]) {
  const { subdomain, page } = await params;
  const shop = await cachedShop(subdomain);
  // `_` is the shop's catalog 404 page (lib/storefront/page-gate.ts sends made-up numbers there): it reads no catalog, so no edit expires it
  const number = laterCatalogPage(page);
  if (!shop || number === null) return null;
  const catalog = await cachedCatalogPage(shop.id, number);
  return catalog ? { shop, catalog } : null;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const found = await load(params);
  if (!found) return {};
  const { shop, catalog } = found;
  return {
    title: catalogTitle(catalog.page),
    alternates: { canonical: storefrontUrl(catalogPath(shop.subdomain, catalog.page), shop.domain) },
  };
}

/** A later page of the catalog (`/products/{n}`, n from 2 to its last). */
export default async function LaterCatalogPage({ params }: Props) {
  const found = await load(params);
  if (!found) notFound();
  return <CatalogPage shop={found.shop} catalog={found.catalog} />;
}
