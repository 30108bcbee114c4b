import type { StorefrontCatalogPage, StorefrontShop } from "@/lib/storefront/catalog";
import { catalogPath } from "@/lib/storefront/paths";
import { Pagination } from "./pagination";
import { ProductSection } from "./product-section";

/** The catalog's title for a page: the page's `<title>` and its heading. */
export function catalogTitle(page: number): string {
  return page === 1 ? "All products" : `All products, page ${page}`;
}

/** A page of the catalog: its products under their groups' headings, then the page numbers. */
export function CatalogPage({ shop, catalog }: { shop: StorefrontShop; catalog: StorefrontCatalogPage }) {
  return (
    <main className="space-y-8">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold sm:text-3xl">All products</h1>
        {catalog.pageCount > 1 ? (
          <p className="opacity-80">
            Page {catalog.page} of {catalog.pageCount}
          </p>
        ) : null}
      </div>
      {catalog.sections.length === 0 ? <p>This shop has no products for sale yet.</p> : null}
      {catalog.sections.map((section) => (
        <ProductSection key={section.anchor} subdomain={shop.subdomain} section={section} layout={shop.theme.layout} />
      ))}
      <Pagination page={catalog.page} pageCount={catalog.pageCount} pathOf={(page) => catalogPath(shop.subdomain, page)} />
    </main>
  );
}
