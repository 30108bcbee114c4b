"use client";
import { useParams } from "next/navigation";
import { useState } from "react";
import { StatusNotice } from "@/components/notice";
import { PageHeading } from "@/components/page-heading";
import { QueryView } from "@/components/query-view";
import { SearchForm } from "@/components/search-field";
import { CopyButton } from "@/components/copy-button";
import { ResellerList } from "@/components/resellers/reseller-list";
import { TierList } from "@/components/resellers/tier-list";
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

export default function ResellersPage() {
  const { shopId } = useParams<{ shopId: string }>();
  const list = useUrlState(listResellersQuery.in);
  const { filters, values, setFilters } = list;
  const { status, email } = values;
  const resellers = useShopResellers(shopId, filters);
  const [message, setMessage] = useState<string | null>(null);
  const applyLink = `${useOrigin()}/reseller/apply?shop_id=${shopId}`;

  return (
    <section className="space-y-6">
      <PageHeading title="Resellers" description="People who buy your stock at tier prices through the reseller portal and API." />

      <div className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3 text-sm sm:flex-row sm:items-center">
        <span className="text-slate-600">Application link:</span>
        <code className="min-w-0 flex-1 break-all font-mono text-xs">{applyLink}</code>
        <CopyButton text={applyLink} ariaLabel="Copy the application link" />
      </div>

      {message ? <StatusNotice>{message}</StatusNotice> : null}

      <div className="space-y-3">
        <SearchForm label="Search by email" value={email ?? ""} onSearch={(text) => setFilters({ email: text })} />
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
        <QueryView
          query={resellers}
          loading="Loading resellers"
          height="h-64"
          empty={status || email ? "No resellers match." : "No resellers yet: share the application link."}
          list={list}
        >
          {(rows) => <ResellerList shopId={shopId} resellers={rows} onResult={setMessage} />}
        </QueryView>
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
