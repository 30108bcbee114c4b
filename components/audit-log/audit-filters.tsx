"use client";
import { Field } from "@/components/field";
import { SelectField } from "@/components/select-field";
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from "@/lib/audit/actions";
import type { listAuditLogQuery } from "@/lib/audit/schemas";
import type { UrlState } from "@/lib/client/use-url-state";

/** Action, target, actor and date range, all in the URL; any change goes back to page 1. */
export function AuditFilters({ list }: { list: UrlState<typeof listAuditLogQuery.in> }) {
  const { filters, setFilters: set } = list;
  return (
    <div className="grid grid-cols-1 gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4">
      <SelectField label="Action" value={filters.action ?? ""} onChange={(event) => set({ action: event.target.value })}>
        <option value="">Any</option>
        {AUDIT_ACTIONS.map((action) => (
          <option key={action} value={action}>
            {action}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Target"
        value={filters.target_type ?? ""}
        onChange={(event) => set({ target_type: event.target.value, ...(event.target.value ? {} : { target_id: "" }) })}
      >
        <option value="">Any</option>
        {AUDIT_TARGET_TYPES.map((type) => (
          <option key={type} value={type}>
            {type.replace("_", " ")}
          </option>
        ))}
      </SelectField>
      <Field
        label="Target id"
        inputMode="numeric"
        value={filters.target_id ?? ""}
        disabled={!filters.target_type}
        onChange={(event) => set({ target_id: event.target.value.replace(/\D/g, "") })}
      />
      <Field
        label="User id"
        inputMode="numeric"
        value={filters.user_id ?? ""}
        onChange={(event) => set({ user_id: event.target.value.replace(/\D/g, "") })}
      />
      <Field
        label="API key id"
        inputMode="numeric"
        value={filters.api_key_id ?? ""}
        onChange={(event) => set({ api_key_id: event.target.value.replace(/\D/g, "") })}
      />
      <Field label="From" type="date" value={filters.date_from ?? ""} onChange={(event) => set({ date_from: event.target.value })} />
      <Field label="Until" type="date" value={filters.date_to ?? ""} onChange={(event) => set({ date_to: event.target.value })} />
    </div>
  );
}
