"use client";
import { useParams } from "next/navigation";
import { sortInUrl } from "@/components/data-table";
import { ExportButton } from "@/components/export-button";
import { InvoiceFiltersBar } from "@/components/invoices/invoice-filters";
import { InvoiceTable } from "@/components/invoices/invoice-table";
import { PageHeading } from "@/components/page-heading";
import { QueryView } from "@/components/query-view";
import { useInvoices } from "@/lib/client/hooks/invoices";
import { useInvoiceFilters, type InvoiceFilters } from "@/lib/client/invoice-filters";
import { DEFAULT_INVOICE_ORDER } from "@/lib/invoices/schemas";

/** The list's filters as the export reads them (its gateway picker is the API's `gateways` map); paging does not apply. */
function exportQuery({ gateway, page: _page, perPage: _perPage, ...filters }: InvoiceFilters): Record<string, unknown> {
  return { ...filters, gateways: gateway ? { [gateway]: true } : undefined };
}

export default function InvoicesPage() {
  const { shopId } = useParams<{ shopId: string }>();
  const list = useInvoiceFilters();
  const invoices = useInvoices(shopId, list.filters);

  return (
    <section className="space-y-4">
      <PageHeading title="Invoices" updating={invoices.isFetching}>
        <ExportButton path={`/v1/shops/${shopId}/invoices/export`} query={exportQuery(list.filters)} label="Export invoices" />
      </PageHeading>
      <InvoiceFiltersBar list={list} />
      <QueryView query={invoices} loading="Loading invoices" empty="No invoices match these filters." list={list}>
        {(rows) => <InvoiceTable shopId={shopId} invoices={rows} sort={sortInUrl(list, DEFAULT_INVOICE_ORDER)} />}
      </QueryView>
    </section>
  );
}
