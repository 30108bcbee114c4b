import type { InvoiceFilters } from "./hooks/invoices";

/**
 * The invoice list's state lives in the URL, so a filtered view can be
 * shared and survives a reload: `?statuses=completed,refunded&email=...`.
 */
const TEXT_KEYS = [
  "email",
  "product_name",
  "coupon_code",
  "gateway",
  "created_at_start",
  "created_at_end",
  "completed_at_start",
  "completed_at_end",
  "archived",
  "manual",
  "orderColumn",
] as const;

export function filtersFromSearch(search: URLSearchParams): InvoiceFilters {
  const filters: InvoiceFilters = {};
  for (const key of TEXT_KEYS) {
    const value = search.get(key);
    if (value) filters[key] = value;
  }
  const statuses = search.get("statuses");
  if (statuses) filters.statuses = statuses.split(",").filter(Boolean);
  const direction = search.get("orderDirection");
  if (direction === "asc" || direction === "desc") filters.orderDirection = direction;
  const page = Number(search.get("page"));
  if (Number.isInteger(page) && page > 1) filters.page = page;
  return filters;
}

export function searchFromFilters(filters: InvoiceFilters): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value === undefined || value === "" || (Array.isArray(value) && value.length === 0)) continue;
    search.set(key, Array.isArray(value) ? value.join(",") : String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}
