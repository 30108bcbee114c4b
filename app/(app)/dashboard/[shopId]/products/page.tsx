"use client";
import dynamic from "next/dynamic";
import Link from "next/link";
import { useParams, useSearchParams } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/button";
import { useSelection } from "@/components/data-table";
import { PageHeading } from "@/components/page-heading";
import { ProductTable } from "@/components/products/product-table";
import { Skeleton } from "@/components/notice";
import { OutcomeNotice, QueryView, type Outcome } from "@/components/query-view";
import { SearchForm } from "@/components/search-field";
import { SelectField } from "@/components/select-field";
import { listProductsQuery, PRODUCT_VISIBILITIES } from "@/lib/catalog/schemas";
import { useBulkUpdateProducts, useDeleteProduct, useProducts, type Product } from "@/lib/client/hooks/products";
import { useUrlState } from "@/lib/client/use-url-state";

// the drag library is loaded when the seller opens the reorder mode, not with the list
const ProductReorder = dynamic(() => import("@/components/products/product-reorder"), {
  ssr: false,
  loading: () => <Skeleton label="Loading the reorder mode" className="h-96" />,
});

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
  // a selection belongs to the rows it was made on: another page or search starts with none
  const selection = useSelection(
    "Select every product on this page",
    new URLSearchParams(list.filters as Record<string, string>).toString(),
  );
  const bulk = useBulkUpdateProducts(shopId);
  const [visibility, setVisibility] = useState<(typeof PRODUCT_VISIBILITIES)[number]>("public");
  const [reordering, setReordering] = useState(false);

  const setSelectedVisibility = () => {
    const ids = selection.ids;
    bulk.mutate(
      { field: "visibility", body: { product_ids: ids, visibility } },
      {
        onSuccess: (result) => {
          selection.clear();
          setOutcome({
            ok: true,
            text: `${result.updated} product${result.updated === 1 ? "" : "s"} set to ${visibility.replace("_", " ")}.`,
          });
        },
        onError: (error) => setOutcome({ ok: false, text: error.message }),
      },
    );
  };

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
        <div className="flex gap-2">
          {reordering ? null : (
            <Button
              variant="secondary"
              onClick={() => {
                setOutcome(null);
                setReordering(true);
              }}
            >
              Reorder
            </Button>
          )}
          <Link href={`/dashboard/${shopId}/products/new`} className={linkButton}>
            New product
          </Link>
        </div>
      </PageHeading>
      {reordering ? (
        <>
          <OutcomeNotice outcome={outcome} />
          <ProductReorder
            shopId={shopId}
            onCancel={() => setReordering(false)}
            onSaved={(text) => {
              setReordering(false);
              setOutcome({ ok: true, text });
            }}
          />
        </>
      ) : (
        <>
          <SearchForm label="Search products by name" value={filters.name ?? ""} onSearch={(name) => setFilters({ name })} />
          <div className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:flex-row sm:items-end">
            <SelectField
              label="Visibility of the selected products"
              className="sm:w-64"
              value={visibility}
              onChange={(event) => setVisibility(event.target.value as (typeof PRODUCT_VISIBILITIES)[number])}
            >
              {PRODUCT_VISIBILITIES.map((value) => (
                <option key={value} value={value}>
                  {value.replace("_", " ")}
                </option>
              ))}
            </SelectField>
            <Button disabled={selection.ids.length === 0 || bulk.isPending} onClick={setSelectedVisibility}>
              {bulk.isPending ? "Saving…" : `Set visibility (${selection.ids.length})`}
            </Button>
          </div>
          <OutcomeNotice outcome={outcome} />
          <QueryView
            query={products}
            loading="Loading products"
            empty={filters.name ? "No product matches this name." : "No products yet. Create your first one."}
            list={list}
          >
            {(rows) => (
              <ProductTable
                shopId={shopId}
                products={rows}
                selection={selection.table}
                onDelete={onDelete}
                deleting={remove.isPending ? remove.variables : undefined}
              />
            )}
          </QueryView>
        </>
      )}
    </section>
  );
}
