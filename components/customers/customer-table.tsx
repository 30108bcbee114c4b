"use client";
import Link from "next/link";
import { Button } from "@/components/button";
import { DataTable, type Column, type TableSelection, type TableSort } from "@/components/data-table";
import type { Customer } from "@/lib/client/hooks/customers";

const columns = (shopId: string): Column<Customer>[] => [
  {
    key: "email",
    header: "Email",
    sort: "email",
    cell: (customer) => (
      <>
        <Link href={`/dashboard/${shopId}/customers/${customer.id}`} className="font-medium break-all text-blue-700 hover:underline">
          {customer.email}
        </Link>
        {customer.banned ? <span className="ml-2 rounded-full bg-red-100 px-2 py-0.5 text-xs text-red-700">banned</span> : null}
      </>
    ),
  },
  { key: "invoices", header: "Invoices", from: "sm", cell: (customer) => customer.invoices_count },
  { key: "spent", header: "Spent (USD)", from: "sm", cell: (customer) => customer.total_spent },
  { key: "balance", header: "Store credit", from: "md", sort: "balance", cell: (customer) => customer.balance.toFixed(2) },
  { key: "since", header: "Since", from: "md", sort: "created_at", cell: (customer) => new Date(customer.created_at).toLocaleDateString() },
];

/** The customers of one page, each with a checkbox for the bulk ban and its own ban/unban. */
export function CustomerTable({
  shopId,
  customers,
  selection,
  sort,
  busyId,
  onBan,
}: {
  shopId: string;
  customers: Customer[];
  selection: TableSelection;
  sort: TableSort;
  busyId: number | null;
  onBan: (customer: Customer) => void;
}) {
  return (
    <DataTable
      caption="Customers"
      rows={customers}
      columns={columns(shopId)}
      sort={sort}
      selection={selection}
      selectLabel={(customer) => `Select ${customer.email}`}
      actions={(customer) => (
        <Button
          variant={customer.banned ? "secondary" : "danger"}
          disabled={busyId === customer.id}
          aria-label={`${customer.banned ? "Unban" : "Ban"} ${customer.email}`}
          onClick={() => onBan(customer)}
        >
          {customer.banned ? "Unban" : "Ban"}
        </Button>
      )}
    />
  );
}
