"use client";
import type { ReactNode } from "react";
import { EmptyNotice, ErrorNotice, Skeleton, StatusNotice } from "./notice";
import { Pagination } from "./pagination";
import type { Envelope } from "@/lib/client/hooks/invoices";

type Query<Data> = { data: Data | undefined; error: Error | null };
type Rows<Data> = Data extends Envelope<infer Item> ? Item[] : Data extends (infer Item)[] ? Item[] : never;

function rowsOf<Data>(data: Data): Rows<Data> {
  return (Array.isArray(data) ? data : (data as Envelope<unknown>).data) as Rows<Data>;
}

/**
 * The three states of a list before its rows: the error, a skeleton of the
 * list's height while it loads, and the empty message; then the rows, and the
 * pager under them when the answer is a page (`onPage`). A refetch keeps the
 * rows on screen (the hooks keep the previous data), so paging does not flash.
 */
export function QueryView<Data extends Envelope<unknown> | unknown[]>({
  query,
  loading,
  empty,
  onPage,
  list,
  height = "h-96",
  children,
}: {
  query: Query<Data>;
  /** The skeleton's name for screen readers, e.g. "Loading coupons". */
  loading: string;
  empty: ReactNode;
  onPage?: (page: number) => void;
  /** A list whose page lives in the URL (`useUrlState`): the pager sets its `page`. */
  list?: { setFilters: (changes: { page: number }) => void };
  height?: string;
  children: (rows: Rows<Data>, data: Data) => ReactNode;
}) {
  if (query.error) return <ErrorNotice>{query.error.message}</ErrorNotice>;
  if (!query.data) return <Skeleton label={loading} className={height} />;
  const rows = rowsOf(query.data);
  const toPage = onPage ?? (list ? (page: number) => list.setFilters({ page }) : undefined);
  if (rows.length === 0) return <EmptyNotice>{empty}</EmptyNotice>;
  return (
    <>
      {children(rows, query.data)}
      {toPage && !Array.isArray(query.data) ? <Pagination envelope={query.data as Envelope<unknown>} onPage={toPage} /> : null}
    </>
  );
}

/** The outcome of the last action on a list: a status or an error, announced politely. */
export type Outcome = { ok: boolean; text: string } | null;

export function OutcomeNotice({ outcome }: { outcome: Outcome }) {
  return (
    <div aria-live="polite">
      {outcome ? outcome.ok ? <StatusNotice>{outcome.text}</StatusNotice> : <ErrorNotice>{outcome.text}</ErrorNotice> : null}
    </div>
  );
}
