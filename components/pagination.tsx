import type { Envelope } from "@/lib/client/hooks/invoices";

export function Pagination({
  envelope,
  onPage,
}: {
  envelope: Pick<Envelope<unknown>, "current_page" | "last_page" | "from" | "to" | "total">;
  onPage: (page: number) => void;
}) {
  const { current_page: page, last_page: last } = envelope;
  const button =
    "rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm disabled:text-slate-300 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500";
  return (
    <nav className="flex items-center justify-between gap-2 text-sm text-slate-600" aria-label="Pagination">
      <span>{envelope.total ? `${envelope.from ?? 0}–${envelope.to ?? 0} of ${envelope.total.toLocaleString()}` : "No results"}</span>
      <span className="flex items-center gap-2">
        <button type="button" className={button} disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </button>
        <span aria-current="page">
          Page {page} of {last}
        </span>
        <button type="button" className={button} disabled={page >= last} onClick={() => onPage(page + 1)}>
          Next
        </button>
      </span>
    </nav>
  );
}
