"use client";
import Link from "next/link";
import { DataTable, type Column, type TableSort } from "@/components/data-table";
import { StatusBadge } from "@/components/status-badge";
import type { InvoiceListItem } from "@/lib/client/hooks/invoices";
import { GatewayName } from "./gateway-name";

const when = (value: string | null) => (value ? new Date(value).toLocaleString() : "—");

/** On a phone each row is a card: number and status on the first line, customer, then price and date. */
const columns = (shopId: string): Column<InvoiceListItem>[] => [
  {
    key: "id",
    header: "Invoice",
    sort: "id",
    cell: (invoice) => (
      <>
        <Link href={`/dashboard/${shopId}/invoices/${invoice.id}`} className="font-medium text-blue-700 hover:underline">
          #{invoice.id}
        </Link>
        <div className="font-mono text-xs text-slate-500">{invoice.unique_id}</div>
        {invoice.archived ? <span className="text-xs text-slate-500">archived </span> : null}
        {invoice.manual ? <span className="text-xs text-slate-500">manual</span> : null}
      </>
    ),
  },
  {
    key: "email",
    header: "Customer",
    className: "col-span-2 truncate sm:max-w-48",
    cell: (invoice) => <span title={invoice.email}>{invoice.email}</span>,
  },
  {
    key: "product",
    header: "Product",
    from: "md",
    cell: (invoice) => (
      <>
        {invoice.product?.name ?? "—"}
        {invoice.variant ? <span className="text-slate-500"> · {invoice.variant.name}</span> : null}
      </>
    ),
  },
  {
    key: "status",
    header: "Status",
    className: "col-start-2 row-start-1 justify-self-end",
    cell: (invoice) => <StatusBadge status={invoice.status} />,
  },
  { key: "gateway", header: "Gateway", from: "sm", cell: (invoice) => <GatewayName gateway={invoice.gateway} /> },
  {
    key: "price",
    header: "Price",
    sort: "price_usd",
    align: "right",
    className: "whitespace-nowrap font-medium tabular-nums sm:font-normal",
    cell: (invoice) => `${invoice.price} ${invoice.currency}`,
  },
  {
    key: "created_at",
    header: "Created",
    sort: "created_at",
    from: "lg",
    onCard: true,
    className: "whitespace-nowrap text-right text-slate-600 lg:text-left",
    cell: (invoice) => <time dateTime={invoice.created_at}>{when(invoice.created_at)}</time>,
  },
  {
    key: "completed_at",
    header: "Completed",
    sort: "completed_at",
    from: "lg",
    className: "whitespace-nowrap text-slate-600",
    cell: (invoice) => when(invoice.completed_at),
  },
];

export function InvoiceTable({ shopId, invoices, sort }: { shopId: string; invoices: InvoiceListItem[]; sort: TableSort }) {
  return <DataTable caption="Invoices" rows={invoices} columns={columns(shopId)} sort={sort} layout="cards" />;
}
