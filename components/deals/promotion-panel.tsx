"use client";
import type { UseQueryResult } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/button";
import { Dialog } from "@/components/dialog";
import { DataTable } from "@/components/data-table";
import { RowButtons } from "@/components/editable-list";
import { QueryView } from "@/components/query-view";
import { ToggleSwitch } from "@/components/toggle-switch";
import type { Envelope } from "@/lib/client/hooks/invoices";
import { scheduleText } from "./scheduling-fields";

type Promotion = { id: number; name: string; enabled: boolean; priority: number; starts_at: string | null; ends_at: string | null };

export type PromotionColumn<T> = { label: string; render: (row: T) => React.ReactNode; className?: string };

/**
 * One kind of promotion (quantity deals or bundle offers): its table with
 * the enabled switch, edit and delete, its pages, and the create/edit form
 * in a dialog. The columns and the form are the kind's own.
 */
export function PromotionPanel<T extends Promotion>({
  title,
  noun,
  list,
  onPage,
  columns,
  busyId,
  onToggle,
  onDelete,
  renderForm,
}: {
  title: string;
  noun: string;
  list: UseQueryResult<Envelope<T>>;
  onPage: (page: number) => void;
  columns: PromotionColumn<T>[];
  busyId: number | null;
  onToggle: (row: T, enabled: boolean) => void;
  onDelete: (row: T) => void;
  renderForm: (row: T | undefined, close: () => void) => React.ReactNode;
}) {
  const [editing, setEditing] = useState<{ row?: T } | null>(null);
  const headingId = `${noun.replace(/\s/g, "-")}-heading`;

  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          {title}
        </h2>
        <Button onClick={() => setEditing({})}>New {noun}</Button>
      </div>
      <QueryView query={list} loading={`Loading ${title.toLowerCase()}`} height="h-48" empty={`No ${noun}s yet.`} onPage={onPage}>
        {(rows) => (
          <DataTable
            caption={title}
            rows={rows}
            columns={[
              { key: "name", header: "Name", cell: (row: T) => <span className="font-medium">{row.name}</span> },
              ...columns.map((column, index) => ({
                key: column.label,
                header: column.label,
                from: index === 0 ? ("sm" as const) : undefined,
                className: column.className,
                cell: column.render,
              })),
              { key: "priority", header: "Priority", from: "md", className: "tabular-nums", cell: (row) => row.priority },
              { key: "when", header: "When", from: "md", className: "text-slate-600", cell: scheduleText },
              {
                key: "enabled",
                header: "Enabled",
                cell: (row) => (
                  <ToggleSwitch
                    checked={row.enabled}
                    label={`Enabled: ${row.name}`}
                    disabled={busyId === row.id}
                    onChange={(next) => onToggle(row, next)}
                  />
                ),
              },
            ]}
            // on phones the first column moves under the name, so the actions fit
            phone={(row) => <div className="text-slate-600">{columns[0]?.render(row)}</div>}
            actions={(row) => (
              <RowButtons
                name={row.name}
                busy={busyId === row.id}
                confirm={`Delete the ${noun} “${row.name}”? This cannot be undone.`}
                onEdit={() => setEditing({ row })}
                onDelete={() => onDelete(row)}
              />
            )}
          />
        )}
      </QueryView>
      <Dialog open={editing !== null} onClose={() => setEditing(null)} title={editing?.row ? `Edit ${noun}` : `New ${noun}`}>
        {editing ? renderForm(editing.row, () => setEditing(null)) : null}
      </Dialog>
    </section>
  );
}
