"use client";
import { CheckboxField } from "@/components/checkbox-field";
import { Field } from "@/components/field";
import { SearchField } from "@/components/search-field";
import { SelectField } from "@/components/select-field";
import type { UrlFilters } from "@/lib/client/use-url-filters";

export const CHECKOUT_FILTER_KEYS = ["type", "search", "date_from", "date_to", "include_dismissed", "page"] as const;
export type CheckoutUrlFilters = UrlFilters<(typeof CHECKOUT_FILTER_KEYS)[number]>;

/** Type, search, creation date range and whether dismissed checkouts show; any change goes back to page 1. */
export function CheckoutFilters({ filters, onChange }: { filters: CheckoutUrlFilters; onChange: (next: CheckoutUrlFilters) => void }) {
  const set = (changes: CheckoutUrlFilters) => onChange({ ...filters, ...changes, page: undefined });
  return (
    <div className="grid grid-cols-1 gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-5">
      <SelectField
        label="Type"
        value={filters.type ?? "all"}
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
          checked={filters.include_dismissed === "1"}
          onChange={(event) => set({ include_dismissed: event.target.checked ? "1" : undefined })}
        />
      </div>
    </div>
  );
}
