"use client";
import { Fragment, useState, type ReactNode } from "react";
import { TableScroller } from "./table-scroller";

type Breakpoint = "sm" | "md" | "lg";
type Direction = "asc" | "desc";
type Key = string | number;

/** One column: its header, its cell, from which width it shows, and the API's `orderColumn` it sorts by. */
export type Column<Row> = {
  key: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** Hidden below this width: what a phone must see of it goes in the table's `phone` summary. */
  from?: Breakpoint;
  /** With `layout="cards"`: the cell stays on the phone's card and hides only from `sm` up to `from`. */
  onCard?: boolean;
  align?: "right";
  /** The API's `orderColumn` value: the header becomes a button that sorts by it. */
  sort?: string;
  /** Extra classes of the cell (not the header). */
  className?: string;
};

/** A sort as the URL holds it; `sortInUrl` makes one from a list's URL state. */
export type TableSort = { column: string; direction: Direction; onSort: (column: string, direction: Direction) => void };

export type TableSelection = {
  selected: ReadonlySet<Key>;
  onChange: (ids: Key[], checked: boolean) => void;
  /** The header checkbox's name, e.g. "Select all on this page". */
  allLabel: string;
};

// Whole class names, so Tailwind finds them in the source.
const HIDDEN: Record<Breakpoint, string> = { sm: "hidden sm:table-cell", md: "hidden md:table-cell", lg: "hidden lg:table-cell" };
const HIDDEN_ABOVE_CARD: Record<Breakpoint, string> = { sm: "", md: "sm:hidden md:table-cell", lg: "sm:hidden lg:table-cell" };
const box = "size-4 accent-blue-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500";

/**
 * Every list table of the dashboard (as the Medusa admin's DataTable): a caption
 * for screen readers, column headers that sort through the URL, an optional tick
 * per row, a last column of row actions, and a phone layout. On a phone
 * (`layout="table"`) the columns marked `from` hide and `phone(row)` sits under
 * the first cell instead; with `layout="cards"` each row becomes a two-column
 * card and the header hides (a phone sorts with a picker instead).
 */
export function DataTable<Row>({
  caption,
  rows,
  columns,
  rowKey = (row) => (row as { id: Key }).id,
  phone,
  actions,
  actionsFrom,
  sort,
  selection,
  selectLabel,
  layout = "table",
  rowClassName,
  rowLabel,
  expanded,
}: {
  caption: string;
  rows: Row[];
  columns: Column<Row>[];
  rowKey?: (row: Row) => Key;
  phone?: (row: Row) => ReactNode;
  actions?: (row: Row) => ReactNode;
  /** Hide the actions column below this width (the row's `phone` summary carries them). */
  actionsFrom?: Breakpoint;
  sort?: TableSort;
  selection?: TableSelection;
  selectLabel?: (row: Row) => string;
  layout?: "table" | "cards";
  rowClassName?: (row: Row) => string | undefined;
  rowLabel?: (row: Row) => string;
  /** A full-width row under the row (an inline form), or null. */
  expanded?: (row: Row) => ReactNode;
}) {
  const cards = layout === "cards";
  const pad = cards ? "sm:px-3 sm:py-2" : "px-3 py-2";
  const span = columns.length + (selection ? 1 : 0) + (actions ? 1 : 0);
  const ids = rows.map(rowKey);
  const allTicked = !!selection && rows.length > 0 && ids.every((id) => selection.selected.has(id));
  const cellClass = (column: Column<Row>) =>
    [
      pad,
      column.from ? (cards && column.onCard ? HIDDEN_ABOVE_CARD[column.from] : HIDDEN[column.from]) : "",
      column.align === "right" ? (cards ? "sm:text-right" : "text-right") : "",
      column.className ?? "",
    ].join(" ");

  return (
    <TableScroller>
      <table className="min-w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className={`bg-slate-50 text-left text-slate-600 ${cards ? "hidden sm:table-header-group" : ""}`}>
          <tr>
            {selection ? (
              <th scope="col" className="w-8 px-3 py-2">
                <input
                  type="checkbox"
                  className={box}
                  aria-label={selection.allLabel}
                  checked={allTicked}
                  onChange={(event) => selection.onChange(ids, event.target.checked)}
                />
              </th>
            ) : null}
            {columns.map((column) => (
              <Header key={column.key} column={column} sort={sort} />
            ))}
            {actions ? (
              <th scope="col" className={`px-3 py-2 ${actionsFrom ? HIDDEN[actionsFrom] : ""}`}>
                <span className="sr-only">Actions</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody className={`divide-y divide-slate-100 ${cards ? "block sm:table-row-group" : ""}`}>
          {rows.map((row) => {
            const id = rowKey(row);
            const more = expanded?.(row);
            return (
              <Fragment key={id}>
                <tr
                  aria-label={rowLabel?.(row)}
                  className={`${cards ? "grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 px-4 py-3 sm:table-row sm:p-0" : ""} ${rowClassName?.(row) ?? "hover:bg-slate-50"}`}
                >
                  {selection ? (
                    <td className="px-3 py-2">
                      <input
                        type="checkbox"
                        className={box}
                        aria-label={selectLabel?.(row) ?? `Select ${String(id)}`}
                        checked={selection.selected.has(id)}
                        onChange={(event) => selection.onChange([id], event.target.checked)}
                      />
                    </td>
                  ) : null}
                  {columns.map((column, at) => (
                    <td key={column.key} className={cellClass(column)}>
                      {column.cell(row)}
                      {at === 0 && phone ? <div className="sm:hidden">{phone(row)}</div> : null}
                    </td>
                  ))}
                  {actions ? (
                    <td className={`px-3 py-2 ${actionsFrom ? HIDDEN[actionsFrom] : ""}`}>
                      <div className="flex justify-end gap-2">{actions(row)}</div>
                    </td>
                  ) : null}
                </tr>
                {more ? (
                  <tr>
                    <td colSpan={span} className="px-3 pb-3">
                      {more}
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </TableScroller>
  );
}

function Header<Row>({ column, sort }: { column: Column<Row>; sort?: TableSort }) {
  const sorted = !!column.sort && column.sort === sort?.column;
  const direction = sort?.direction ?? "desc";
  return (
    <th
      scope="col"
      className={`px-3 py-2 font-medium ${column.from ? HIDDEN[column.from] : ""} ${column.align === "right" ? "text-right" : ""}`}
      aria-sort={sorted ? (direction === "asc" ? "ascending" : "descending") : undefined}
    >
      {column.sort && sort ? (
        <button
          type="button"
          className="inline-flex items-center gap-1 rounded hover:text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
          onClick={() => sort.onSort(column.sort!, sorted && direction === "desc" ? "asc" : "desc")}
        >
          {column.header}
          <span aria-hidden="true">{sorted ? (direction === "asc" ? "▲" : "▼") : "↕"}</span>
        </button>
      ) : (
        column.header
      )}
    </th>
  );
}

/** The table's sort read from and written to a list's URL state (`orderColumn`, `orderDirection`). */
export function sortInUrl(
  list: {
    values: { orderColumn?: string; orderDirection?: Direction };
    setFilters: (changes: { orderColumn?: string; orderDirection?: string }) => void;
  },
  fallback: { column: string; direction: Direction },
): TableSort {
  return {
    column: list.values.orderColumn ?? fallback.column,
    direction: list.values.orderDirection ?? fallback.direction,
    onSort: (orderColumn, orderDirection) => list.setFilters({ orderColumn, orderDirection }),
  };
}

/**
 * The ticked rows of a table. A selection belongs to the view it was made on
 * (`view`: the list's filters and page, when another page or filter should
 * start with none).
 */
export function useSelection(allLabel: string, view = "") {
  const [selection, setSelection] = useState({ view, ids: new Set<Key>() });
  const selected = selection.view === view ? selection.ids : new Set<Key>();
  const table: TableSelection = {
    selected,
    allLabel,
    onChange: (ids, checked) => {
      const next = new Set(selected);
      ids.forEach((id) => (checked ? next.add(id) : next.delete(id)));
      setSelection({ view, ids: next });
    },
  };
  return { table, ids: [...selected] as number[], clear: () => setSelection({ view, ids: new Set() }) };
}
