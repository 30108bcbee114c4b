"use client";
import { CheckboxField } from "@/components/checkbox-field";
import { Field } from "@/components/field";
import { SearchField } from "@/components/search-field";
import { SelectField } from "@/components/select-field";
import type { listAbandonedCheckoutsQuery } from "@/lib/abandoned-checkouts/schemas";
import type { UrlState } from "@/lib/client/use-url-state";

/** Type, search, creation date range and whether dismissed checkouts show; any change goes back to page 1. */
export function CheckoutFilters({ list }: { list: UrlState<typeof listAbandonedCheckoutsQuery.in> }) {
  const { filters, values, setFilters: set } = list;
  return (
    <div className="grid grid-cols-1 gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-5">
      <SelectField
        label="Type"
        value={values.type ?? "all"}
        onChange={(event) => set({ type: event.target.value === "all" ? undefined : event.target.value })}
      >
        <option value="all">All</option>
        <option value="created">Not paid yet (created)</option>
        <option value="pending">Payment started (pending)</option>
      </SelectField>
      <SearchField label="Search (email, id, product)" value={filters.search ?? ""} onSearch={(search) => set({ search })} />
      <Field
        label="Created from"
        type="date"
        value={filters.date_from ?? ""}
        onChange={(event) => set({ date_from: event.target.value })}
      />
      <Field label="Created until" type="date" value={filters.date_to ?? ""} onChange={(event) => set({ date_to: event.target.value })} />
      <div className="flex items-end pb-2">
        <CheckboxField
          label="Show dismissed"
          checked={values.include_dismissed ?? false}
          onChange={(event) => set({ include_dismissed: event.target.checked || undefined })}
        />
      </div>
    </div>
  );
}
