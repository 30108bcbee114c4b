"use client";
import { useParams } from "next/navigation";
import { Suspense, useState } from "react";
import { Button } from "@/components/button";
import { CustomerTable } from "@/components/customers/customer-table";
import { ExportButton } from "@/components/export-button";
import { EmptyNotice, ErrorNotice, Skeleton, StatusNotice } from "@/components/notice";
import { Pagination } from "@/components/pagination";
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
} as const;

function CustomersView() {
  const { shopId } = useParams<{ shopId: string }>();
  const { filters, values, setFilters } = useUrlState(listCustomersQuery.in);
  const customers = useCustomers(shopId, filters);
  const setBanned = useSetBanned(shopId);
  const bulkBan = useBulkBan(shopId);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const sort = `${values.orderColumn ?? "id"}:${values.orderDirection ?? "desc"}`;
  const report = { onError: (error: Error) => setOutcome({ ok: false, text: error.message }) };

  function select(ids: number[], checked: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      ids.forEach((id) => (checked ? next.add(id) : next.delete(id)));
      return next;
    });
  }

  function banSelected(banned: boolean) {
    bulkBan.mutate(
      { ids: [...selected], banned },
      {
        onSuccess: (result) => {
          setSelected(new Set());
          setOutcome({ ok: true, text: result.message });
        },
        ...report,
      },
    );
  }

  return (
    <section className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-semibold">Customers</h1>
        <ExportButton
          path={`/v1/shops/${shopId}/customers/export`}
          query={{ email: filters.email, banned: filters.banned, orderDirection: filters.orderDirection }}
          label="Export customers"
        />
      </div>
      <div aria-live="polite">
        {outcome ? outcome.ok ? <StatusNotice>{outcome.text}</StatusNotice> : <ErrorNotice>{outcome.text}</ErrorNotice> : null}
      </div>
      <div className="grid grid-cols-1 gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-3">
        <SearchField label="Search emails" value={filters.email ?? ""} onSearch={(email) => setFilters({ email })} />
        <SelectField
          label="Status"
          value={values.banned === undefined ? "" : values.banned ? "1" : "0"}
          onChange={(event) => setFilters({ banned: event.target.value })}
        >
          <option value="">Any</option>
          <option value="0">Not banned</option>
          <option value="1">Banned</option>
        </SelectField>
        <SelectField
          label="Sort"
          value={sort}
          onChange={(event) => {
            const [orderColumn, orderDirection] = event.target.value.split(":");
            setFilters({ orderColumn, orderDirection });
          }}
        >
          {Object.entries(SORTS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
      </div>
      {selected.size ? (
        <div className="flex flex-wrap items-center gap-2 rounded-lg border border-blue-200 bg-blue-50 p-3 text-sm">
          <span>{selected.size} selected</span>
          <Button variant="danger" disabled={bulkBan.isPending} onClick={() => banSelected(true)}>
            Ban selected
          </Button>
          <Button variant="secondary" disabled={bulkBan.isPending} onClick={() => banSelected(false)}>
            Unban selected
          </Button>
        </div>
      ) : null}
      {customers.error ? (
        <ErrorNotice>{customers.error.message}</ErrorNotice>
      ) : !customers.data ? (
        <Skeleton label="Loading customers" />
      ) : customers.data.data.length === 0 ? (
        <EmptyNotice>{filters.email || filters.banned ? "No customers match these filters." : "No customers yet."}</EmptyNotice>
      ) : (
        <>
          <CustomerTable
            shopId={shopId}
            customers={customers.data.data}
            selected={selected}
            onSelect={select}
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
          <Pagination envelope={customers.data} onPage={(page) => setFilters({ page })} />
        </>
      )}
    </section>
  );
}

export default function CustomersPage() {
  return (
    <Suspense fallback={<Skeleton label="Loading customers" />}>
      <CustomersView />
    </Suspense>
  );
}
