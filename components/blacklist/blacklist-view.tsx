"use client";
import { useParams } from "next/navigation";
import { Suspense, useState } from "react";
import { BlacklistForm, TYPE_LABELS } from "@/components/blacklist/blacklist-form";
import { BlacklistTester } from "@/components/blacklist/blacklist-tester";
import { Button } from "@/components/button";
import { Dialog } from "@/components/dialog";
import { EmptyNotice, ErrorNotice, Skeleton, StatusNotice } from "@/components/notice";
import { Pagination } from "@/components/pagination";
import { SearchField } from "@/components/search-field";
import { SelectField } from "@/components/select-field";
import { TableScroller } from "@/components/table-scroller";
import { BLACKLIST_TYPES, listBlacklistQuery, type BlacklistType } from "@/lib/blacklist/schemas";
import { useBlacklist, useDeleteBlacklistEntry, type BlacklistEntry } from "@/lib/client/hooks/blacklist";
import { useUrlState } from "@/lib/client/use-url-state";

function BlacklistView() {
  const { shopId } = useParams<{ shopId: string }>();
  const { filters, values, setFilters } = useUrlState(listBlacklistQuery.in);
  const entries = useBlacklist(shopId, filters);
  const remove = useDeleteBlacklistEntry(shopId);
  const [editing, setEditing] = useState<{ entry?: BlacklistEntry } | null>(null);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  return (
    <section className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-semibold">Blacklist</h1>
        <Button onClick={() => setEditing({})}>Add entry</Button>
      </div>
      <p className="text-sm text-slate-600">
        Checkout refuses a buyer whose email, IP, user agent, ASN or country matches an entry, and a banned customer. Regular expressions
        use RE2 syntax, ignore case and match anywhere in the value (anchor with ^ and $).
      </p>
      <div aria-live="polite">
        {outcome ? outcome.ok ? <StatusNotice>{outcome.text}</StatusNotice> : <ErrorNotice>{outcome.text}</ErrorNotice> : null}
      </div>
      <BlacklistTester shopId={shopId} />
      <div className="grid grid-cols-1 gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2">
        <SearchField label="Search values and reasons" value={filters.search ?? ""} onSearch={(search) => setFilters({ search })} />
        <SelectField label="Type" value={values.type ?? ""} onChange={(event) => setFilters({ type: event.target.value })}>
          <option value="">Any</option>
          {BLACKLIST_TYPES.map((type) => (
            <option key={type} value={type}>
              {TYPE_LABELS[type]}
            </option>
          ))}
        </SelectField>
      </div>
      {entries.error ? (
        <ErrorNotice>{entries.error.message}</ErrorNotice>
      ) : !entries.data ? (
        <Skeleton label="Loading the blacklist" />
      ) : entries.data.data.length === 0 ? (
        <EmptyNotice>{filters.search || filters.type ? "No entries match these filters." : "No entries yet."}</EmptyNotice>
      ) : (
        <>
          <TableScroller>
            <table className="min-w-full text-sm">
              <caption className="sr-only">Blacklist entries</caption>
              <thead className="bg-slate-50 text-left text-slate-600">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Value
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Type
                  </th>
                  <th scope="col" className="hidden px-3 py-2 font-medium sm:table-cell">
                    Reason
                  </th>
                  <th scope="col" className="px-3 py-2">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {entries.data.data.map((entry) => (
                  <tr key={entry.id}>
                    <td className="px-3 py-2 font-mono break-all">{entry.value}</td>
                    <td className="px-3 py-2">
                      {TYPE_LABELS[entry.type as BlacklistType] ?? entry.type}
                      {entry.match_type === "regex" ? (
                        <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-600">regex</span>
                      ) : null}
                    </td>
                    <td className="hidden px-3 py-2 text-slate-600 sm:table-cell">{entry.reason ?? "—"}</td>
                    <td className="space-x-2 px-3 py-2 text-right whitespace-nowrap">
                      <Button variant="secondary" aria-label={`Edit ${entry.value}`} onClick={() => setEditing({ entry })}>
                        Edit
                      </Button>
                      <Button
                        variant="danger"
                        aria-label={`Delete ${entry.value}`}
                        disabled={remove.isPending && remove.variables === entry.id}
                        onClick={() =>
                          remove.mutate(entry.id, {
                            onSuccess: () => setOutcome({ ok: true, text: `Entry ${entry.value} deleted.` }),
                            onError: (error) => setOutcome({ ok: false, text: error.message }),
                          })
                        }
                      >
                        Delete
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroller>
          <Pagination envelope={entries.data} onPage={(page) => setFilters({ page })} />
        </>
      )}
      <Dialog open={editing !== null} onClose={() => setEditing(null)} title={editing?.entry ? "Edit entry" : "Add entry"}>
        {editing ? (
          <BlacklistForm
            shopId={shopId}
            entry={editing.entry}
            onSaved={(text) => {
              setEditing(null);
              setOutcome({ ok: true, text });
            }}
          />
        ) : null}
      </Dialog>
    </section>
  );
}

/** The blacklist page's content; app/(app)/dashboard/[shopId]/blacklist/page.tsx loads it after the page's shell. */
export default function BlacklistPageContent() {
  return (
    <Suspense fallback={<Skeleton label="Loading the blacklist" />}>
      <BlacklistView />
    </Suspense>
  );
}
