"use client";
import { useParams } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/button";
import { CustomerTable } from "@/components/customers/customer-table";
import { ExportButton } from "@/components/export-button";
import { sortInUrl, useSelection } from "@/components/data-table";
import { PageHeading } from "@/components/page-heading";
import { OutcomeNotice, QueryView, type Outcome } from "@/components/query-view";
import { SearchField } from "@/components/search-field";
import { SelectField } from "@/components/select-field";
import { useBulkBan, useCustomers, useSetBanned } from "@/lib/client/hooks/customers";
import { useUrlState } from "@/lib/client/use-url-state";
import { listCustomersQuery } from "@/lib/customers/schemas";

const SORTS = {
  "id:desc": "Newest first",
  "id:asc": "Oldest first",
  "email:asc": "Email A–Z",
  "email:desc": "Email Z–A",
  "created_at:desc": "Created (newest)",
  "created_at:asc": "Created (oldest)",
  "balance:desc": "Store credit, highest first",
  "balance:asc": "Store credit, lowest first",
} as const;

/** A yes / no / any filter of the list, kept in the URL like the others. */
function YesNoFilter({
  label,
  value,
  labels,
  onChange,
}: {
  label: string;
  value: boolean | undefined;
  labels: [yes: string, no: string];
  onChange: (value: string) => void;
}) {
  return (
    <SelectField label={label} value={value === undefined ? "" : value ? "1" : "0"} onChange={(event) => onChange(event.target.value)}>
      <option value="">Any</option>
      <option value="1">{labels[0]}</option>
      <option value="0">{labels[1]}</option>
    </SelectField>
  );
}

export default function CustomersPage() {
  const { shopId } = useParams<{ shopId: string }>();
  const list = useUrlState(listCustomersQuery.in);
  const { filters, values, setFilters } = list;
  const customers = useCustomers(shopId, filters);
  const setBanned = useSetBanned(shopId);
  const bulkBan = useBulkBan(shopId);
  const selection = useSelection("Select every customer on this page");
  const [outcome, setOutcome] = useState<Outcome>(null);
  const sort = sortInUrl({ values, setFilters }, { column: "id", direction: "desc" });
  const { email, banned, tag, subscribed, newsletter, orderDirection } = filters;
  const filtered = [email, banned, tag, subscribed, newsletter].some((value) => value !== undefined && value !== "");
  const empty = filtered ? "No customers match these filters." : "No customers yet.";
  const report = { onError: (error: Error) => setOutcome({ ok: false, text: error.message }) };

  function banSelected(banned: boolean) {
    bulkBan.mutate(
      { ids: selection.ids, banned },
      {
        onSuccess: (result) => {
          selection.clear();
          setOutcome({ ok: true, text: result.message });
        },
        ...report,
      },
    );
  }

  return (
    <section className="space-y-4">
      <PageHeading title="Customers">
        <ExportButton
          path={`/v1/shops/${shopId}/customers/export`}
          query={{ email, banned, tag, subscribed, newsletter, orderDirection }}
          label="Export customers"
        />
      </PageHeading>
      <OutcomeNotice outcome={outcome} />
      <div className="grid grid-cols-1 gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-3">
        <SearchField label="Search emails" value={filters.email ?? ""} onSearch={(email) => setFilters({ email })} />
        <YesNoFilter
          label="Status"
          value={values.banned}
          labels={["Banned", "Not banned"]}
          onChange={(value) => setFilters({ banned: value })}
        />
        <SearchField label="Tag" value={filters.tag ?? ""} onSearch={(value) => setFilters({ tag: value })} />
        <YesNoFilter
          label="Newsletter"
          value={values.newsletter}
          labels={["Agreed to the newsletter", "Did not agree"]}
          onChange={(value) => setFilters({ newsletter: value })}
        />
        <YesNoFilter
          label="Subscription"
          value={values.subscribed}
          labels={["Holds a live subscription", "No live subscription"]}
          onChange={(value) => setFilters({ subscribed: value })}
        />
        <SelectField
          label="Sort"
          value={`${sort.column}:${sort.direction}`}
          onChange={(event) => {
            const [column, direction] = event.target.value.split(":");
            sort.onSort(column!, direction as "asc" | "desc");
          }}
        >
          {Object.entries(SORTS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
      </div>
      {selection.ids.length ? (
        <div className="flex flex-wrap items-center gap-2 rounded-lg border border-blue-200 bg-blue-50 p-3 text-sm">
          <span>{selection.ids.length} selected</span>
          <Button variant="danger" disabled={bulkBan.isPending} onClick={() => banSelected(true)}>
            Ban selected
          </Button>
          <Button variant="secondary" disabled={bulkBan.isPending} onClick={() => banSelected(false)}>
            Unban selected
          </Button>
        </div>
      ) : null}
      <QueryView query={customers} list={list} loading="Loading customers" empty={empty}>
        {(rows) => (
          <CustomerTable
            shopId={shopId}
            customers={rows}
            selection={selection.table}
            sort={sort}
            busyId={setBanned.isPending ? (setBanned.variables?.id ?? null) : null}
            onBan={(customer) =>
              setBanned.mutate(
                { id: customer.id, banned: !customer.banned },
                {
                  onSuccess: (saved) => setOutcome({ ok: true, text: `${saved.email} ${saved.banned ? "banned" : "unbanned"}.` }),
                  ...report,
                },
              )
            }
          />
        )}
      </QueryView>
    </section>
  );
}
