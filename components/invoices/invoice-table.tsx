"use client";
import Link from "next/link";
import { StatusBadge } from "@/components/status-badge";
import type { InvoiceListItem } from "@/lib/client/hooks/invoices";
import { TableScroller } from "@/components/table-scroller";
import { DEFAULT_INVOICE_ORDER, type InvoiceOrderColumn } from "@/lib/invoices/schemas";

type Direction = "asc" | "desc";

const COLUMNS: { key: string; label: string; sort?: InvoiceOrderColumn; className?: string }[] = [
  { key: "id", label: "Invoice", sort: "id" },
  { key: "email", label: "Customer" },
  { key: "product", label: "Product", className: "hidden md:table-cell" },
  { key: "status", label: "Status" },
  { key: "gateway", label: "Gateway", className: "hidden sm:table-cell" },
  { key: "price", label: "Price", sort: "price_usd", className: "text-right" },
  { key: "created_at", label: "Created", sort: "created_at", className: "hidden lg:table-cell" },
  { key: "completed_at", label: "Completed", sort: "completed_at", className: "hidden lg:table-cell" },
];

const when = (value: string | null) => (value ? new Date(value).toLocaleString() : "—");

export function InvoiceTable({
  shopId,
  invoices,
  orderColumn = DEFAULT_INVOICE_ORDER.column,
  orderDirection: direction = DEFAULT_INVOICE_ORDER.direction,
  onSort,
}: {
  shopId: string;
  invoices: InvoiceListItem[];
  orderColumn?: InvoiceOrderColumn;
  orderDirection?: Direction;
  onSort: (column: InvoiceOrderColumn, direction: Direction) => void;
}) {
  return (
    <TableScroller>
      <table className="min-w-full text-sm">
        <caption className="sr-only">Invoices</caption>
        <thead className="hidden bg-slate-50 text-left text-slate-600 sm:table-header-group">
          <tr>
            {COLUMNS.map((column) => {
              const sorted = column.sort === orderColumn;
              return (
                <th
                  key={column.key}
                  scope="col"
                  className={`px-3 py-2 font-medium ${column.className ?? ""}`}
                  aria-sort={sorted ? (direction === "asc" ? "ascending" : "descending") : undefined}
                >
                  {column.sort ? (
                    <button
                      type="button"
                      className="inline-flex items-center gap-1 rounded hover:text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
                      onClick={() => onSort(column.sort!, sorted && direction === "desc" ? "asc" : "desc")}
                    >
                      {column.label}
                      <span aria-hidden="true">{sorted ? (direction === "asc" ? "▲" : "▼") : "↕"}</span>
                    </button>
                  ) : (
                    column.label
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        {/* On a phone each row is a card: number and status, customer, price and date. */}
        <tbody className="block divide-y divide-slate-100 sm:table-row-group">
          {invoices.map((invoice) => (
            <tr key={invoice.id} className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 px-4 py-3 hover:bg-slate-50 sm:table-row sm:p-0">
              <td className="sm:px-3 sm:py-2">
                <Link href={`/dashboard/${shopId}/invoices/${invoice.id}`} className="font-medium text-blue-700 hover:underline">
                  #{invoice.id}
                </Link>
                <div className="font-mono text-xs text-slate-500">{invoice.unique_id}</div>
                {invoice.archived ? <span className="text-xs text-slate-500">archived </span> : null}
                {invoice.manual ? <span className="text-xs text-slate-500">manual</span> : null}
              </td>
              <td className="col-span-2 truncate sm:max-w-48 sm:px-3 sm:py-2" title={invoice.email}>
                {invoice.email}
              </td>
              <td className="hidden px-3 py-2 md:table-cell">
                {invoice.product?.name ?? "—"}
                {invoice.variant ? <span className="text-slate-500"> · {invoice.variant.name}</span> : null}
              </td>
              <td className="col-start-2 row-start-1 justify-self-end sm:px-3 sm:py-2">
                <StatusBadge status={invoice.status} />
              </td>
              <td className="hidden px-3 py-2 sm:table-cell">{invoice.gateway}</td>
              <td className="whitespace-nowrap font-medium tabular-nums sm:px-3 sm:py-2 sm:text-right sm:font-normal">
                {invoice.price} {invoice.currency}
              </td>
              <td className="whitespace-nowrap text-right text-slate-600 sm:hidden sm:px-3 sm:py-2 lg:table-cell lg:text-left">
                <time dateTime={invoice.created_at}>{when(invoice.created_at)}</time>
              </td>
              <td className="hidden whitespace-nowrap px-3 py-2 text-slate-600 lg:table-cell">{when(invoice.completed_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroller>
  );
}
