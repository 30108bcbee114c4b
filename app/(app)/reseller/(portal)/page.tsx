"use client";
import { Skeleton } from "@/components/notice";
import { Suspense, useState } from "react";
import { Button } from "@/components/button";
import { Pagination } from "@/components/pagination";
import { BuyPanel } from "@/components/reseller/buy-panel";
import { useCatalog, useResellerBalance, type CatalogVariant } from "@/lib/client/hooks/reseller";
import { formatMoney } from "@/lib/client/money";
import { useUrlState } from "@/lib/client/use-url-state";
import { resellerPageQuery } from "@/lib/reseller/schemas";

function stockLabel(stock: number): string {
  if (stock < 0) return "Unlimited";
  if (stock === 0) return "Out of stock";
  return `${stock.toLocaleString()} in stock`;
}

const buyable = (variant: CatalogVariant) => variant.stock !== 0;

function CatalogView() {
  const { values, setFilters } = useUrlState(resellerPageQuery.in);
  const catalog = useCatalog(values.page ?? 1);
  const balance = useResellerBalance();
  const [buying, setBuying] = useState<number | null>(null);

  return (
    <section className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-semibold">Catalog</h1>
        <p className="text-sm text-slate-600" aria-live="polite">
          {balance.data ? (
            <>
              Balance <strong className="tabular-nums text-slate-900">{formatMoney(balance.data.balance)}</strong>
              {balance.data.tier ? ` · ${balance.data.tier.name}: ${balance.data.tier.discount_percentage}% off` : ""}
            </>
          ) : (
            <span className="inline-block h-4 w-40 animate-pulse rounded bg-slate-200" />
          )}
        </p>
      </div>

      {catalog.error ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-700">
          {catalog.error.message}
        </p>
      ) : !catalog.data ? (
        <Skeleton label="Loading the catalog" className="h-96" />
      ) : catalog.data.data.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white p-8 text-center text-sm text-slate-500">
          The shop offers nothing to resell yet.
        </p>
      ) : (
        <>
          <ul className="space-y-4">
            {catalog.data.data.map((product) => (
              <li key={product.id} className="rounded-lg border border-slate-200 bg-white">
                <h2 className="border-b border-slate-100 px-4 py-2 font-semibold [overflow-wrap:anywhere]">{product.name}</h2>
                <ul className="divide-y divide-slate-100">
                  {product.variants.map((variant) => (
                    <li key={variant.id} className="px-4 py-3" aria-label={`${product.name} · ${variant.name}`}>
                      <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
                        <div className="min-w-40 flex-1">
                          <p className="font-medium">{variant.name}</p>
                          <p className={`text-xs ${variant.stock === 0 ? "text-red-700" : "text-slate-500"}`}>
                            {stockLabel(variant.stock)} · {variant.deliverables_type}
                          </p>
                        </div>
                        <div className="text-sm tabular-nums">
                          <span className="sr-only">List price </span>
                          <s className="text-slate-500">{formatMoney(variant.price, product.currency)}</s>{" "}
                          <span className="sr-only">Your price </span>
                          <strong className="text-base">{formatMoney(variant.reseller_price, product.currency)}</strong>{" "}
                          {variant.discount_percentage > 0 ? (
                            <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-900">
                              −{variant.discount_percentage}%
                            </span>
                          ) : null}
                        </div>
                        <Button
                          variant={buying === variant.id ? "secondary" : "primary"}
                          disabled={!buyable(variant)}
                          aria-expanded={buying === variant.id}
                          onClick={() => setBuying(buying === variant.id ? null : variant.id)}
                        >
                          Buy…
                        </Button>
                      </div>
                      {buying === variant.id ? (
                        <BuyPanel product={product} variant={variant} balance={balance.data?.balance} onCancel={() => setBuying(null)} />
                      ) : null}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
          <Pagination envelope={catalog.data} onPage={(next) => setFilters({ page: next })} />
        </>
      )}
    </section>
  );
}

export default function CatalogPage() {
  return (
    <Suspense fallback={<Skeleton label="Loading" className="h-96" />}>
      <CatalogView />
    </Suspense>
  );
}
