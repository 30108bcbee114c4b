"use client";
import { Skeleton } from "@/components/notice";
import Link from "next/link";
import { Suspense } from "react";
import { Pagination } from "@/components/pagination";
import { StatusBadge } from "@/components/status-badge";
import { useResellerInvoices } from "@/lib/client/hooks/reseller";
import { useUrlState } from "@/lib/client/use-url-state";
import { resellerPageQuery } from "@/lib/reseller/schemas";
import { TableScroller } from "@/components/table-scroller";

/** `reseller_source` of the list (spec: an integer). */
const SOURCES: Record<number, string> = { 1: "API / portal", 2: "Dynamic delivery" };

function OrdersView() {
  const { values, setFilters } = useUrlState(resellerPageQuery.in);
  const page = values.page ?? 1;
  const invoices = useResellerInvoices(page);

  return (
    <section className="space-y-4">
      <div className="flex items-baseline justify-between">
        <h1 className="text-2xl font-semibold">Orders</h1>
        {invoices.isFetching && invoices.data ? (
          <span className="text-xs text-slate-500" role="status">
            Updating…
          </span>
        ) : null}
      </div>
      {invoices.error ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-700">
          {invoices.error.message}
        </p>
      ) : !invoices.data ? (
        <Skeleton label="Loading orders" className="h-96" />
      ) : invoices.data.data.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white p-8 text-center text-sm text-slate-500">
          {page > 1 ? "No orders on this page." : "No orders yet: buy from the catalog and they appear here."}
        </p>
      ) : (
        <>
          <TableScroller>
            <table className="min-w-full text-sm">
              <caption className="sr-only">Your orders, newest first</caption>
              <thead className="bg-slate-50 text-left text-slate-600">
                <tr>
                  <th scope="col" className="px-4 py-2 font-medium">
                    Order
                  </th>
                  <th scope="col" className="px-4 py-2 font-medium">
                    Status
                  </th>
                  <th scope="col" className="px-4 py-2 text-right font-medium">
                    Total
                  </th>
                  <th scope="col" className="px-4 py-2 font-medium">
                    Date
                  </th>
                  <th scope="col" className="px-4 py-2 font-medium">
                    Source
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {invoices.data.data.map((invoice) => (
                  <tr key={invoice.id}>
                    <td className="px-4 py-2">
                      <Link
                        href={`/reseller/orders/${invoice.id}`}
                        className="font-medium text-emerald-800 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600"
                      >
                        #{invoice.id}
                      </Link>
                    </td>
                    <td className="px-4 py-2">
                      <StatusBadge status={invoice.status} />
                    </td>
                    <td className="px-4 py-2 text-right tabular-nums">${invoice.price_usd}</td>
                    <td className="whitespace-nowrap px-4 py-2 text-slate-600">{new Date(invoice.created_at).toLocaleString()}</td>
                    <td className="whitespace-nowrap px-4 py-2 text-slate-600">{SOURCES[invoice.reseller_source] ?? "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroller>
          <Pagination envelope={invoices.data} onPage={(next) => setFilters({ page: next })} />
        </>
      )}
    </section>
  );
}

export default function OrdersPage() {
  return (
    <Suspense fallback={<Skeleton label="Loading" className="h-96" />}>
      <OrdersView />
    </Suspense>
  );
}
