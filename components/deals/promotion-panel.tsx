"use client";
import type { UseQueryResult } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/button";
import { Dialog } from "@/components/dialog";
import { EmptyNotice, ErrorNotice, Skeleton } from "@/components/notice";
import { Pagination } from "@/components/pagination";
import { ToggleSwitch } from "@/components/toggle-switch";
import type { Envelope } from "@/lib/client/hooks/invoices";
import { scheduleText } from "./scheduling-fields";
import { TableScroller } from "@/components/table-scroller";

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
      {list.error ? (
        <ErrorNotice>{list.error.message}</ErrorNotice>
      ) : !list.data ? (
        <Skeleton label={`Loading ${title.toLowerCase()}`} className="h-48" />
      ) : list.data.data.length === 0 ? (
        <EmptyNotice>No {noun}s yet.</EmptyNotice>
      ) : (
        <>
          <TableScroller>
            <table className="min-w-full text-sm">
              <caption className="sr-only">{title}</caption>
              <thead className="bg-slate-50 text-left text-slate-600">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Name
                  </th>
                  {columns.map((column, index) => (
                    <th
                      key={column.label}
                      scope="col"
                      className={`px-3 py-2 font-medium ${index === 0 ? "hidden sm:table-cell" : ""} ${column.className ?? ""}`}
                    >
                      {column.label}
                    </th>
                  ))}
                  <th scope="col" className="hidden px-3 py-2 font-medium md:table-cell">
                    Priority
                  </th>
                  <th scope="col" className="hidden px-3 py-2 font-medium md:table-cell">
                    When
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Enabled
                  </th>
                  <th scope="col" className="px-3 py-2">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {list.data.data.map((row) => (
                  <tr key={row.id}>
                    <td className="px-3 py-2">
                      <span className="font-medium">{row.name}</span>
                      {/* on phones the first column moves under the name, so the actions fit */}
                      <div className="text-slate-600 sm:hidden">{columns[0]?.render(row)}</div>
                    </td>
                    {columns.map((column, index) => (
                      <td key={column.label} className={`px-3 py-2 ${index === 0 ? "hidden sm:table-cell" : ""} ${column.className ?? ""}`}>
                        {column.render(row)}
                      </td>
                    ))}
                    <td className="hidden px-3 py-2 tabular-nums md:table-cell">{row.priority}</td>
                    <td className="hidden px-3 py-2 text-slate-600 md:table-cell">{scheduleText(row)}</td>
                    <td className="px-3 py-2">
                      <ToggleSwitch
                        checked={row.enabled}
                        label={`Enabled: ${row.name}`}
                        disabled={busyId === row.id}
                        onChange={(next) => onToggle(row, next)}
                      />
                    </td>
                    <td className="px-3 py-2">
                      <div className="flex justify-end gap-2">
                        <Button variant="secondary" aria-label={`Edit ${row.name}`} onClick={() => setEditing({ row })}>
                          Edit
                        </Button>
                        <Button
                          variant="danger"
                          aria-label={`Delete ${row.name}`}
                          disabled={busyId === row.id}
                          onClick={() => window.confirm(`Delete the ${noun} “${row.name}”? This cannot be undone.`) && onDelete(row)}
                        >
                          Delete
                        </Button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroller>
          <Pagination envelope={list.data} onPage={onPage} />
        </>
      )}
      <Dialog open={editing !== null} onClose={() => setEditing(null)} title={editing?.row ? `Edit ${noun}` : `New ${noun}`}>
        {editing ? renderForm(editing.row, () => setEditing(null)) : null}
      </Dialog>
    </section>
  );
}
