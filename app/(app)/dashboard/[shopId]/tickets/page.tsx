"use client";
import Link from "next/link";
import { useParams } from "next/navigation";
import { QueryView } from "@/components/query-view";
import { SelectField } from "@/components/select-field";
import { StatusBadge } from "@/components/status-badge";
import { TableScroller } from "@/components/table-scroller";
import { useTickets } from "@/lib/client/hooks/after-sale";
import { useUrlState } from "@/lib/client/use-url-state";
import { listTicketsQuery } from "@/lib/tickets/schemas";

/** The shop's support tickets, latest activity first; filters in the URL. */
export default function TicketsPage() {
  const { shopId } = useParams<{ shopId: string }>();
  const { filters, values, setFilters } = useUrlState(listTicketsQuery.in);
  const tickets = useTickets(shopId, filters);
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-semibold">Support tickets</h1>
      <div className="grid grid-cols-1 gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2">
        <SelectField label="Status" value={values.status ?? ""} onChange={(event) => setFilters({ status: event.target.value })}>
          <option value="">Any</option>
          <option value="open">Open</option>
          <option value="closed">Closed</option>
        </SelectField>
        <SelectField label="Archive" value={filters.archived ?? ""} onChange={(event) => setFilters({ archived: event.target.value })}>
          <option value="">Any</option>
          <option value="false">Not archived</option>
          <option value="true">Archived</option>
        </SelectField>
      </div>
      <QueryView query={tickets} loading="Loading tickets" empty="No tickets match these filters." list={{ setFilters }}>
        {(rows) => (
          <TableScroller>
            <table className="min-w-full text-sm">
              <caption className="sr-only">Tickets</caption>
              <thead className="bg-slate-50 text-left text-slate-600">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Subject
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Buyer
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Status
                  </th>
                  <th scope="col" className="hidden px-3 py-2 font-medium sm:table-cell">
                    Last message
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {rows.map((ticket) => (
                  <tr key={ticket.id}>
                    <td className="px-3 py-2 [overflow-wrap:anywhere]">
                      <Link href={`/dashboard/${shopId}/tickets/${ticket.id}`} className="font-medium text-blue-700 hover:underline">
                        {ticket.subject}
                      </Link>
                    </td>
                    <td className="px-3 py-2 break-all">{ticket.email}</td>
                    <td className="px-3 py-2">
                      <StatusBadge status={ticket.status} />
                      {ticket.archived ? <span className="ml-2 text-xs text-slate-500">archived</span> : null}
                    </td>
                    <td className="hidden px-3 py-2 text-slate-600 sm:table-cell">{new Date(ticket.last_message_at).toLocaleString()}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroller>
        )}
      </QueryView>
    </section>
  );
}
