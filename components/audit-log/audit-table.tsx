"use client";
import { DataTable, type Column } from "@/components/data-table";
import type { AuditEntry } from "@/lib/client/hooks/audit-log";

const shown = (value: unknown) =>
  value === undefined ? "" : value === null ? "none" : Array.isArray(value) ? value.join(", ") : String(value);

/** `field: old → new`, one line per changed field (what was created shows only its new value, what was removed its old). */
function Changes({ changes }: { changes: AuditEntry["changes"] }) {
  const fields = Object.entries(changes);
  if (!fields.length) return <span className="text-slate-500">—</span>;
  return (
    <ul className="space-y-0.5">
      {fields.map(([field, change]) => (
        <li key={field} className="break-all">
          <span className="font-mono text-xs text-slate-500">{field}</span>{" "}
          {"old" in change ? <span className="text-slate-600 line-through decoration-slate-400">{shown(change.old)}</span> : null}
          {"old" in change && "new" in change ? " → " : null}
          {"new" in change ? <span>{shown(change.new)}</span> : null}
        </li>
      ))}
    </ul>
  );
}

const when = (entry: AuditEntry) => new Date(entry.created_at).toLocaleString();

/** A filter a cell sets when clicked: this target's, or this actor's entries only. */
export type AuditFilterChange = { target_type?: string; target_id?: number | null; user_id?: number | null; api_key_id?: number | null };

const linkish = "text-left hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500";

const targetOf = (entry: AuditEntry) => `${entry.target.type.replace("_", " ")}${entry.target.id === null ? "" : ` #${entry.target.id}`}`;

const columns = (onFilter: (change: AuditFilterChange) => void): Column<AuditEntry>[] => [
  {
    key: "action",
    header: "Action",
    className: "break-all",
    cell: (entry) => (
      <>
        <div className="font-medium">{entry.action}</div>
        <button
          type="button"
          className={`${linkish} text-xs text-slate-500`}
          title={`Only the entries of ${targetOf(entry)}`}
          onClick={() => onFilter({ target_type: entry.target.type, target_id: entry.target.id })}
        >
          {targetOf(entry)}
        </button>
      </>
    ),
  },
  {
    key: "actor",
    header: "Who and when",
    from: "sm",
    className: "max-w-56",
    cell: (entry) => (
      <>
        <button
          type="button"
          className={`${linkish} block max-w-full truncate`}
          title={`Only the entries of ${entry.actor.label}`}
          onClick={() =>
            onFilter(
              entry.actor.api_key_id
                ? { api_key_id: entry.actor.api_key_id, user_id: null }
                : { user_id: entry.actor.user_id, api_key_id: null },
            )
          }
        >
          {entry.actor.label}
        </button>
        <div className="truncate text-xs text-slate-500" title={entry.user_agent ?? undefined}>
          {entry.ip ?? "no address"}
        </div>
        <div className="text-xs text-slate-500">{when(entry)}</div>
      </>
    ),
  },
  { key: "changes", header: "Changes", from: "sm", className: "max-w-md text-sm", cell: (entry) => <Changes changes={entry.changes} /> },
];

/** On a phone the first column carries the rest: who, when and the changes under the action. */
function PhoneSummary({ entry }: { entry: AuditEntry }) {
  return (
    <div className="mt-1 space-y-1 text-sm">
      <div className="break-words text-slate-600">
        {entry.actor.label} · {when(entry)}
      </div>
      <Changes changes={entry.changes} />
    </div>
  );
}

/** `onFilter`: a click on a target or an actor shows only their entries (the page puts it in the URL). */
export function AuditTable({ entries, onFilter }: { entries: AuditEntry[]; onFilter: (change: AuditFilterChange) => void }) {
  return <DataTable caption="Audit log" rows={entries} columns={columns(onFilter)} phone={(entry) => <PhoneSummary entry={entry} />} />;
}
