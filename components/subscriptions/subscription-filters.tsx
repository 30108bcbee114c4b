"use client";
import { Field } from "@/components/field";
import { SearchField } from "@/components/search-field";
import { SelectField } from "@/components/select-field";
import { useProductOptions } from "@/lib/client/hooks/products";
import type { UrlState } from "@/lib/client/use-url-state";
import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from "@/lib/subscriptions/lifecycle";
import type { listSubscriptionsQuery } from "@/lib/subscriptions/schemas";

/** Status chips (several at once), product, customer email and creation date range; any change goes back to page 1. */
export function SubscriptionFilters({ shopId, list }: { shopId: string; list: UrlState<typeof listSubscriptionsQuery.in> }) {
  const { filters, values, setFilters: set } = list;
  const products = useProductOptions(shopId);
  const statuses = new Set(values.statuses);
  const toggle = (status: SubscriptionStatus) => {
    const next = new Set(statuses);
    if (next.has(status)) next.delete(status);
    else next.add(status);
    set({ statuses: [...next] });
  };

  return (
    <div className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">Status</legend>
        <div className="mt-1 flex flex-wrap gap-2">
          {SUBSCRIPTION_STATUSES.map((status) => (
            <button
              key={status}
              type="button"
              aria-pressed={statuses.has(status)}
              onClick={() => toggle(status)}
              className={`rounded-full border px-3 py-1 text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 ${statuses.has(status) ? "border-blue-600 bg-blue-600 text-white" : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50"}`}
            >
              {status.replace("_", " ")}
            </button>
          ))}
        </div>
      </fieldset>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <SelectField
          label="Product"
          value={filters.product_id ?? ""}
          onChange={(event) => set({ product_id: event.target.value })}
          disabled={!products.data}
        >
          <option value="">Any</option>
          {products.data?.map((product) => (
            <option key={product.id} value={product.id}>
              {product.name}
            </option>
          ))}
        </SelectField>
        <SearchField label="Customer email" value={filters.email ?? ""} onSearch={(email) => set({ email })} />
        <Field
          label="Created from"
          type="date"
          value={filters.date_from ?? ""}
          onChange={(event) => set({ date_from: event.target.value })}
        />
        <Field label="Created until" type="date" value={filters.date_to ?? ""} onChange={(event) => set({ date_to: event.target.value })} />
      </div>
    </div>
  );
}
