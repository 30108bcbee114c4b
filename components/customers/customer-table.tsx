"use client";
import Link from "next/link";
import { Button } from "@/components/button";
import { TableScroller } from "@/components/table-scroller";
import type { Customer } from "@/lib/client/hooks/customers";

/** The customers of one page, each with a checkbox for the bulk ban and its own ban/unban. */
export function CustomerTable({
  shopId,
  customers,
  selected,
  onSelect,
  busyId,
  onBan,
}: {
  shopId: string;
  customers: Customer[];
  selected: Set<number>;
  onSelect: (ids: number[], checked: boolean) => void;
  busyId: number | null;
  onBan: (customer: Customer) => void;
}) {
  const allSelected = customers.length > 0 && customers.every((customer) => selected.has(customer.id));
  return (
    <TableScroller>
      <table className="min-w-full text-sm">
        <caption className="sr-only">Customers</caption>
        <thead className="bg-slate-50 text-left text-slate-600">
          <tr>
            <th scope="col" className="w-8 px-3 py-2">
              <input
                type="checkbox"
                aria-label="Select every customer on this page"
                className="size-4 accent-blue-600"
                checked={allSelected}
                onChange={(event) =>
                  onSelect(
                    customers.map((customer) => customer.id),
                    event.target.checked,
                  )
                }
              />
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Email
            </th>
            <th scope="col" className="hidden px-3 py-2 font-medium sm:table-cell">
              Invoices
            </th>
            <th scope="col" className="hidden px-3 py-2 font-medium sm:table-cell">
              Spent (USD)
            </th>
            <th scope="col" className="hidden px-3 py-2 font-medium md:table-cell">
              Since
            </th>
            <th scope="col" className="px-3 py-2">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {customers.map((customer) => (
            <tr key={customer.id}>
              <td className="px-3 py-2">
                <input
                  type="checkbox"
                  aria-label={`Select ${customer.email}`}
                  className="size-4 accent-blue-600"
                  checked={selected.has(customer.id)}
                  onChange={(event) => onSelect([customer.id], event.target.checked)}
                />
              </td>
              <td className="px-3 py-2">
                <Link
                  href={`/dashboard/${shopId}/customers/${customer.id}`}
                  className="font-medium break-all text-blue-700 hover:underline"
                >
                  {customer.email}
                </Link>
                {customer.banned ? <span className="ml-2 rounded-full bg-red-100 px-2 py-0.5 text-xs text-red-700">banned</span> : null}
              </td>
              <td className="hidden px-3 py-2 sm:table-cell">{customer.invoices_count}</td>
              <td className="hidden px-3 py-2 sm:table-cell">{customer.total_spent}</td>
              <td className="hidden px-3 py-2 md:table-cell">{new Date(customer.created_at).toLocaleDateString()}</td>
              <td className="px-3 py-2 text-right">
                <Button
                  variant={customer.banned ? "secondary" : "danger"}
                  disabled={busyId === customer.id}
                  aria-label={`${customer.banned ? "Unban" : "Ban"} ${customer.email}`}
                  onClick={() => onBan(customer)}
                >
                  {customer.banned ? "Unban" : "Ban"}
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroller>
  );
}
