"use client";
import { useParams } from "next/navigation";
import { AuditFilters } from "@/components/audit-log/audit-filters";
import { AuditTable } from "@/components/audit-log/audit-table";
import { PageHeading } from "@/components/page-heading";
import { QueryView } from "@/components/query-view";
import { listAuditLogQuery } from "@/lib/audit/schemas";
import { useAuditLog } from "@/lib/client/hooks/audit-log";
import { useUrlState } from "@/lib/client/use-url-state";

/** Who changed what in the shop: owners and admins (`audit:read`); the sidebar shows the link to them only. */
export default function AuditLogPage() {
  const { shopId } = useParams<{ shopId: string }>();
  const list = useUrlState(listAuditLogQuery.in);
  const entries = useAuditLog(shopId, list.filters);

  return (
    <section className="space-y-4">
      <PageHeading title="Audit log" updating={entries.isFetching && !!entries.data} />
      <p className="text-sm text-slate-600">
        Changes to settings, credentials, the team, API keys, money and deliveries, newest first. Entries are never changed or deleted;
        secrets show only their last four characters.
      </p>
      <AuditFilters list={list} />
      <QueryView query={entries} loading="Loading the audit log" empty="No entries match these filters." list={list}>
        {(rows) => <AuditTable entries={rows} onFilter={list.setFilters} />}
      </QueryView>
    </section>
  );
}
