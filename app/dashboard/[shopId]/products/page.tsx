"use client";
import Link from "next/link";
import { useParams, useSearchParams } from "next/navigation";
import { Suspense, useState } from "react";
import { ErrorNotice, StatusNotice } from "@/components/notice";
import { Pagination } from "@/components/pagination";
import { ProductTable } from "@/components/products/product-table";
import { listProductsQuery } from "@/lib/catalog/schemas";
import { useDeleteProduct, useProducts, type Product } from "@/lib/client/hooks/products";
import { useUrlState } from "@/lib/client/use-url-state";

const linkButton =
  "inline-flex items-center justify-center rounded-md bg-blue-600 px-3 py-2 text-sm font-medium text-white shadow-sm hover:bg-blue-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:ring-offset-2";

function ProductsView() {
  const { shopId } = useParams<{ shopId: string }>();
  const { filters, setFilters } = useUrlState(listProductsQuery.in);
  const products = useProducts(shopId, filters);
  const remove = useDeleteProduct(shopId);
  // `?deleted=<name>`: the product page deleted one and came back here
  const deleted = useSearchParams().get("deleted");
  const [status, setStatus] = useState<string | null>(deleted ? `Product “${deleted}” deleted.` : null);
  const [name, setName] = useState(filters.name ?? "");

  const onDelete = (product: Product) => {
    if (!window.confirm(`Delete “${product.name}”? It leaves the catalog with its unsold stock; invoices keep their history.`)) return;
    setStatus(null);
    remove.mutate(product.id, { onSuccess: () => setStatus(`Product “${product.name}” deleted.`) });
  };

  return (
    <section className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">Products</h1>
        <Link href={`/dashboard/${shopId}/products/new`} className={linkButton}>
          New product
        </Link>
      </div>

      <form
        role="search"
        className="flex gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          setFilters({ name: name.trim() });
        }}
      >
        <label htmlFor="product-search" className="sr-only">
          Search products by name
        </label>
        <input
          id="product-search"
          type="search"
          placeholder="Search by name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          className="min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 sm:max-w-sm"
        />
        <button
          type="submit"
          className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
        >
          Search
        </button>
      </form>

      <div aria-live="polite">
        {remove.error ? <ErrorNotice>{remove.error.message}</ErrorNotice> : status ? <StatusNotice>{status}</StatusNotice> : null}
      </div>

      {products.error ? (
        <ErrorNotice>{products.error.message}</ErrorNotice>
      ) : !products.data ? (
        <div className="h-96 animate-pulse rounded-lg border border-slate-200 bg-white" aria-label="Loading products" />
      ) : products.data.data.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white p-8 text-center text-sm text-slate-500">
          {filters.name ? "No product matches this name." : "No products yet. Create your first one."}
        </p>
      ) : (
        <>
          <ProductTable
            shopId={shopId}
            products={products.data.data}
            onDelete={onDelete}
            deleting={remove.isPending ? remove.variables : undefined}
          />
          <Pagination envelope={products.data} onPage={(page) => setFilters({ page })} />
        </>
      )}
    </section>
  );
}

export default function ProductsPage() {
  return (
    <Suspense fallback={<div className="h-96 animate-pulse rounded-lg border border-slate-200 bg-white" />}>
      <ProductsView />
    </Suspense>
  );
}
