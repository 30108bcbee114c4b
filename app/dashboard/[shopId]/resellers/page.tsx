"use client";
import { useParams } from "next/navigation";
import { Suspense, useState } from "react";
import { Field } from "@/components/field";
import { Pagination } from "@/components/pagination";
import { CopyButton } from "@/components/copy-button";
import { ResellerList } from "@/components/resellers/reseller-list";
import { TierList } from "@/components/resellers/tier-list";
import { Button } from "@/components/button";
import { useShopResellers, type ResellerStatus } from "@/lib/client/hooks/resellers";
import { useOrigin } from "@/lib/client/use-origin";
import { useUrlState } from "@/lib/client/use-url-state";
import { listResellersQuery } from "@/lib/reseller/schemas";

const FILTERS: { status: ResellerStatus | undefined; label: string }[] = [
  { status: undefined, label: "All" },
  { status: "pending", label: "Pending" },
  { status: "approved", label: "Approved" },
  { status: "suspended", label: "Suspended" },
];

function ResellersView() {
  const { shopId } = useParams<{ shopId: string }>();
  const { filters, values, setFilters } = useUrlState(listResellersQuery.in);
  const { status, email } = values;
  const resellers = useShopResellers(shopId, filters);
  const [message, setMessage] = useState<string | null>(null);
  const applyLink = `${useOrigin()}/reseller/apply?shop_id=${shopId}`;

  return (
    <section className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">Resellers</h1>
        <p className="mt-1 text-sm text-slate-600">People who buy your stock at tier prices through the reseller portal and API.</p>
      </div>

      <div className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3 text-sm sm:flex-row sm:items-center">
        <span className="text-slate-600">Application link:</span>
        <code className="min-w-0 flex-1 break-all font-mono text-xs">{applyLink}</code>
        <CopyButton text={applyLink} ariaLabel="Copy the application link" />
      </div>

      {message ? (
        <p role="status" className="rounded-md border border-blue-200 bg-blue-50 p-3 text-sm text-blue-900">
          {message}
        </p>
      ) : null}

      <div className="space-y-3">
        <form
          key={email ?? ""}
          role="search"
          className="flex items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            const text = new FormData(event.currentTarget).get("email");
            setFilters({ email: typeof text === "string" ? text.trim() : undefined });
          }}
        >
          <Field label="Search by email" name="email" type="search" defaultValue={email} className="flex-1 sm:max-w-sm" />
          <Button type="submit" variant="secondary">
            Search
          </Button>
        </form>
        <nav aria-label="Reseller status" className="flex flex-wrap gap-1 text-sm">
          {FILTERS.map((filter) => (
            <button
              key={filter.label}
              type="button"
              aria-pressed={filter.status === status}
              onClick={() => setFilters({ status: filter.status })}
              className={`rounded-md px-3 py-1.5 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 ${filter.status === status ? "bg-blue-50 font-medium text-blue-700" : "text-slate-600 hover:bg-slate-100"}`}
            >
              {filter.label}
            </button>
          ))}
        </nav>
        {resellers.error ? (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-700">
            {resellers.error.message}
          </p>
        ) : !resellers.data ? (
          <div className="h-64 animate-pulse rounded-lg border border-slate-200 bg-white" aria-label="Loading resellers" />
        ) : resellers.data.data.length === 0 ? (
          <p className="rounded-lg border border-slate-200 bg-white p-8 text-center text-sm text-slate-500">
            {status || email ? "No resellers match." : "No resellers yet: share the application link."}
          </p>
        ) : (
          <>
            <ResellerList shopId={shopId} resellers={resellers.data.data} onResult={setMessage} />
            <Pagination envelope={resellers.data} onPage={(page) => setFilters({ page })} />
          </>
        )}
      </div>

      <div className="space-y-3">
        <h2 className="text-lg font-semibold">Tiers</h2>
        <p className="text-sm text-slate-600">
          A reseller buys at the highest tier whose spent amount and number of orders its history meets.
        </p>
        <TierList shopId={shopId} onResult={setMessage} />
      </div>
    </section>
  );
}

export default function ResellersPage() {
  return (
    <Suspense fallback={<div className="h-96 animate-pulse rounded-lg border border-slate-200 bg-white" />}>
      <ResellersView />
    </Suspense>
  );
}
