"use client";
import Link from "next/link";
import { useParams, useRouter, useSearchParams } from "next/navigation";
import { Suspense, useState } from "react";
import { Button } from "@/components/button";
import { ErrorNotice, Skeleton, StatusNotice } from "@/components/notice";
import { ProductForm } from "@/components/products/product-form";
import { stockLabel } from "@/components/products/product-table";
import { SerialStock } from "@/components/products/serial-stock";
import { ServiceStock } from "@/components/products/service-stock";
import { useDeleteProduct, useProduct, type Product } from "@/lib/client/hooks/products";

/** Stock per variant, by how the product delivers. */
function StockSection({ shopId, product }: { shopId: string; product: Product }) {
  const productId = String(product.id);
  if (product.deliverables_type === "dynamic") {
    return (
      <p className="rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-600">
        Dynamic products are delivered by calling each variant’s URL: they never run out of stock.
      </p>
    );
  }
  return (
    <div className="space-y-3">
      {product.variants.map((variant) =>
        product.deliverables_type === "serials" ? (
          <SerialStock key={variant.id} shopId={shopId} productId={productId} variant={variant} />
        ) : (
          <ServiceStock key={variant.id} shopId={shopId} productId={productId} variant={variant} />
        ),
      )}
    </div>
  );
}

function ProductView() {
  const { shopId, productId } = useParams<{ shopId: string; productId: string }>();
  const router = useRouter();
  const search = useSearchParams();
  const product = useProduct(shopId, productId);
  const remove = useDeleteProduct(shopId);
  const [status, setStatus] = useState<string | null>(search.get("created") ? "Product created. Add its stock below." : null);
  // The form starts from the saved product; a save remounts it with the API's answer (new variant ids).
  const [formVersion, setFormVersion] = useState(0);

  if (product.error) return <ErrorNotice>{product.error.message}</ErrorNotice>;
  if (!product.data) return <Skeleton label="Loading product" className="h-[36rem]" />;
  const data = product.data;

  const onDelete = async () => {
    if (!window.confirm(`Delete “${data.name}”? It leaves the catalog with its unsold stock; invoices keep their history.`)) return;
    try {
      await remove.mutateAsync(data.id);
      router.push(`/dashboard/${shopId}/products?deleted=${encodeURIComponent(data.name)}`);
    } catch {
      // remove.error is shown above the form
    }
  };

  return (
    <section className="space-y-6">
      <div>
        <Link href={`/dashboard/${shopId}/products`} className="text-sm text-blue-700 hover:underline">
          ← Products
        </Link>
        <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
          <div className="min-w-0">
            <h1 className="text-2xl font-semibold wrap-anywhere">{data.name}</h1>
            <p className="text-sm text-slate-500" data-testid="product-stock">
              {data.deliverables_type} · {stockLabel(data.stock_count)}
            </p>
          </div>
          <Button variant="danger" disabled={remove.isPending} onClick={onDelete}>
            Delete product
          </Button>
        </div>
      </div>

      <div aria-live="polite">
        {remove.error ? <ErrorNotice>{remove.error.message}</ErrorNotice> : status ? <StatusNotice>{status}</StatusNotice> : null}
      </div>

      <ProductForm
        key={formVersion}
        shopId={shopId}
        product={data}
        onSaved={() => {
          setStatus("Product saved.");
          setFormVersion((version) => version + 1);
        }}
      />

      <div className="space-y-3">
        <h2 className="text-lg font-semibold">Stock</h2>
        <StockSection shopId={shopId} product={data} />
      </div>
    </section>
  );
}

export default function ProductPage() {
  return (
    <Suspense fallback={<Skeleton label="Loading" className="h-[36rem]" />}>
      <ProductView />
    </Suspense>
  );
}
