"use client";
import { useParams } from "next/navigation";
import { Suspense } from "react";
import { ExportButton } from "@/components/export-button";
import { InvoiceFiltersBar } from "@/components/invoices/invoice-filters";
import { InvoiceTable } from "@/components/invoices/invoice-table";
import { Pagination } from "@/components/pagination";
import { useInvoices } from "@/lib/client/hooks/invoices";
import { useInvoiceFilters, type InvoiceFilters } from "@/lib/client/invoice-filters";

/** The list's filters as the export reads them (its gateway picker is the API's `gateways` map); paging does not apply. */
function exportQuery({ gateway, page: _page, perPage: _perPage, ...filters }: InvoiceFilters): Record<string, unknown> {
  return { ...filters, gateways: gateway ? { [gateway]: true } : undefined };
}

function InvoicesView() {
  const { shopId } = useParams<{ shopId: string }>();
  const list = useInvoiceFilters();
  const invoices = useInvoices(shopId, list.filters);

  return (
    <section className="space-y-4">
      <div className="flex items-baseline justify-between">
        <h1 className="text-2xl font-semibold">Invoices</h1>
        {invoices.isFetching ? (
          <span className="text-xs text-slate-500" role="status">
            Updating…
          </span>
        ) : null}
        <ExportButton path={`/v1/shops/${shopId}/invoices/export`} query={exportQuery(list.filters)} label="Export invoices" />
      </div>
      <InvoiceFiltersBar list={list} />
      {invoices.error ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-700">
          {invoices.error.message}
        </p>
      ) : !invoices.data ? (
        <div className="h-96 animate-pulse rounded-lg border border-slate-200 bg-white" aria-label="Loading invoices" />
      ) : invoices.data.data.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white p-8 text-center text-sm text-slate-500">
          No invoices match these filters.
        </p>
      ) : (
        <>
          <InvoiceTable
            shopId={shopId}
            invoices={invoices.data.data}
            orderColumn={list.values.orderColumn}
            orderDirection={list.values.orderDirection}
            onSort={(orderColumn, orderDirection) => list.setFilters({ orderColumn, orderDirection })}
          />
          <Pagination envelope={invoices.data} onPage={(page) => list.setFilters({ page })} />
        </>
      )}
    </section>
  );
}

export default function InvoicesPage() {
  return (
    <Suspense fallback={<div className="h-96 animate-pulse rounded-lg border border-slate-200 bg-white" />}>
      <InvoicesView />
    </Suspense>
  );
}
