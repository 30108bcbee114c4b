"use client";
import { useEffect, useState } from "react";
import type { InvoiceListState } from "@/lib/client/invoice-filters";
import { DEFAULT_INVOICE_ORDER, INVOICE_STATUSES, type InvoiceOrderColumn, type InvoiceStatus } from "@/lib/invoices/schemas";

const GATEWAYS = ["BTC", "LTC", "WALLETA", "WALLETAFF", "CARDPROC", "APPB", "APPC", "MANUAL"];

const input =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500";
const label = "block text-xs font-medium text-slate-600";

/** Days picked in UTC; the API takes an "until" day as all of that day. */
const DATE_FILTERS = [
  ["created_at_start", "Created from (UTC)"],
  ["created_at_end", "Created until (UTC)"],
  ["completed_at_start", "Completed from (UTC)"],
  ["completed_at_end", "Completed until (UTC)"],
] as const;

/** Status chips and the filter fields; text fields apply after a short pause in typing. */
export function InvoiceFiltersBar({ list }: { list: InvoiceListState }) {
  const { filters, values, setFilters } = list;
  const [text, setText] = useState({
    email: filters.email ?? "",
    product_name: filters.product_name ?? "",
    coupon_code: filters.coupon_code ?? "",
  });

  useEffect(() => {
    const timer = setTimeout(() => {
      const changed = (Object.keys(text) as (keyof typeof text)[]).some((key) => (filters[key] ?? "") !== text[key]);
      if (changed) setFilters(text);
    }, 350);
    return () => clearTimeout(timer);
  }, [text, filters, setFilters]);

  const statuses = new Set(values.statuses);
  const toggle = (status: InvoiceStatus) => {
    const next = new Set(statuses);
    if (next.has(status)) next.delete(status);
    else next.add(status);
    setFilters({ statuses: [...next] });
  };
  const set = (key: keyof typeof filters, value: string) => setFilters({ [key]: value });
  const yesNo = (value: boolean | undefined) => (value === undefined ? "" : value ? "1" : "0");
  // On a phone the panel folds behind one button that says how many filters are on.
  const [open, setOpen] = useState(false);
  const active = activeFilterCount(filters, statuses.size);
  const order = `${values.orderColumn ?? DEFAULT_INVOICE_ORDER.column}:${values.orderDirection ?? DEFAULT_INVOICE_ORDER.direction}`;

  return (
    <div className="space-y-3">
      <button
        type="button"
        className="flex w-full items-center justify-between rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm font-medium text-slate-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 sm:hidden"
        aria-expanded={open}
        aria-controls="invoice-filters"
        onClick={() => setOpen(!open)}
      >
        <span>Filters{active ? ` (${active} active)` : ""}</span>
        <span aria-hidden="true">{open ? "▲" : "▼"}</span>
      </button>
      <div
        id="invoice-filters"
        className={`space-y-3 rounded-lg border border-slate-200 bg-white p-4 sm:block ${open ? "block" : "hidden"}`}
      >
        <fieldset>
          <legend className={label}>Status</legend>
          <div className="mt-1 flex flex-wrap gap-2">
            {INVOICE_STATUSES.map((status) => (
              <button
                key={status}
                type="button"
                aria-pressed={statuses.has(status)}
                onClick={() => toggle(status)}
                className={`rounded-full border px-3 py-1 text-sm capitalize focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 ${statuses.has(status) ? "border-blue-600 bg-blue-600 text-white" : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50"}`}
              >
                {status}
              </button>
            ))}
          </div>
        </fieldset>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <label className={label}>
            Email
            <input className={input} type="search" value={text.email} onChange={(e) => setText({ ...text, email: e.target.value })} />
          </label>
          <label className={label}>
            Product
            <input
              className={input}
              type="search"
              value={text.product_name}
              onChange={(e) => setText({ ...text, product_name: e.target.value })}
            />
          </label>
          <label className={label}>
            Coupon code
            <input
              className={input}
              type="search"
              value={text.coupon_code}
              onChange={(e) => setText({ ...text, coupon_code: e.target.value })}
            />
          </label>
          <label className={label}>
            Gateway
            <select className={input} value={filters.gateway ?? ""} onChange={(e) => set("gateway", e.target.value)}>
              <option value="">Any</option>
              {GATEWAYS.map((gateway) => (
                <option key={gateway}>{gateway}</option>
              ))}
            </select>
          </label>
          {DATE_FILTERS.map(([key, text]) => (
            <label key={key} className={label}>
              {text}
              <input className={input} type="date" value={filters[key] ?? ""} onChange={(e) => set(key, e.target.value)} />
            </label>
          ))}
          <label className={label}>
            Archived
            <select className={input} value={yesNo(values.archived)} onChange={(e) => set("archived", e.target.value)}>
              <option value="">Both</option>
              <option value="1">Archived only</option>
              <option value="0">Not archived</option>
            </select>
          </label>
          <label className={label}>
            Manual
            <select className={input} value={yesNo(values.manual)} onChange={(e) => set("manual", e.target.value)}>
              <option value="">Both</option>
              <option value="1">Manual only</option>
              <option value="0">Checkout only</option>
            </select>
          </label>
          <label className={`${label} sm:hidden`}>
            Sort by
            <select
              className={input}
              value={order}
              onChange={(e) => {
                const [orderColumn, orderDirection] = e.target.value.split(":") as [InvoiceOrderColumn, "asc" | "desc"];
                setFilters({ orderColumn, orderDirection });
              }}
            >
              {PHONE_ORDERS.map(([value, text]) => (
                <option key={value} value={value}>
                  {text}
                </option>
              ))}
            </select>
          </label>
        </div>
      </div>
    </div>
  );
}

/** The table's sortable columns, offered as one picker where the table has no header (a phone). */
const PHONE_ORDERS = [
  ["created_at:desc", "Newest first"],
  ["created_at:asc", "Oldest first"],
  ["id:desc", "Invoice number, high to low"],
  ["id:asc", "Invoice number, low to high"],
  ["price_usd:desc", "Price, high to low"],
  ["price_usd:asc", "Price, low to high"],
  ["completed_at:desc", "Completed, newest first"],
  ["completed_at:asc", "Completed, oldest first"],
] as const;

const COUNTED_FILTERS = [
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
] as const;

/** Filters the panel sets (a status selection counts once); sorting and paging are not filters. */
function activeFilterCount(filters: InvoiceListState["filters"], statusCount: number): number {
  return COUNTED_FILTERS.filter((key) => filters[key] !== undefined && filters[key] !== "").length + (statusCount ? 1 : 0);
}
