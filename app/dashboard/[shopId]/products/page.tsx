"use client";
import Link from "next/link";
import { useParams, useSearchParams } from "next/navigation";
import { useState } from "react";
import { PageHeading } from "@/components/page-heading";
import { ProductTable } from "@/components/products/product-table";
import { OutcomeNotice, QueryView, type Outcome } from "@/components/query-view";
import { SearchForm } from "@/components/search-field";
import { listProductsQuery } from "@/lib/catalog/schemas";
import { useDeleteProduct, useProducts, type Product } from "@/lib/client/hooks/products";
import { useUrlState } from "@/lib/client/use-url-state";

const linkButton =
  "inline-flex items-center justify-center rounded-md bg-blue-600 px-3 py-2 text-sm font-medium text-white shadow-sm hover:bg-blue-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:ring-offset-2";

export default function ProductsPage() {
  const { shopId } = useParams<{ shopId: string }>();
  const list = useUrlState(listProductsQuery.in);
  const { filters, setFilters } = list;
  const products = useProducts(shopId, filters);
  const remove = useDeleteProduct(shopId);
  // `?deleted=<name>`: the product page deleted one and came back here
  const deleted = useSearchParams().get("deleted");
  const [outcome, setOutcome] = useState<Outcome>(deleted ? { ok: true, text: `Product “${deleted}” deleted.` } : null);

  const onDelete = (product: Product) => {
    if (!window.confirm(`Delete “${product.name}”? It leaves the catalog with its unsold stock; invoices keep their history.`)) return;
    setOutcome(null);
    remove.mutate(product.id, {
      onSuccess: () => setOutcome({ ok: true, text: `Product “${product.name}” deleted.` }),
      onError: (error) => setOutcome({ ok: false, text: error.message }),
    });
  };

  return (
    <section className="space-y-4">
      <PageHeading title="Products">
        <Link href={`/dashboard/${shopId}/products/new`} className={linkButton}>
          New product
        </Link>
      </PageHeading>
      <SearchForm label="Search products by name" value={filters.name ?? ""} onSearch={(name) => setFilters({ name })} />
      <OutcomeNotice outcome={outcome} />
      <QueryView
        query={products}
        loading="Loading products"
        empty={filters.name ? "No product matches this name." : "No products yet. Create your first one."}
        list={list}
      >
        {(rows) => (
          <ProductTable shopId={shopId} products={rows} onDelete={onDelete} deleting={remove.isPending ? remove.variables : undefined} />
        )}
      </QueryView>
    </section>
  );
}
