/** The three messages every page shows: a failure, the result of an action, and an empty list. */

export function ErrorNotice({ children }: { children: React.ReactNode }) {
  return (
    <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-700">
      {children}
    </p>
  );
}

export function StatusNotice({ children }: { children: React.ReactNode }) {
  return (
    <p role="status" className="rounded-md border border-green-200 bg-green-50 p-3 text-sm text-green-800">
      {children}
    </p>
  );
}

export function EmptyNotice({ children }: { children: React.ReactNode }) {
  return <p className="rounded-lg border border-slate-200 bg-white p-8 text-center text-sm text-slate-500">{children}</p>;
}

/**
 * A placeholder of the content's final height, so nothing jumps when the data
 * arrives. An indeterminate progress bar by role: named, but not a live
 * region, so it never competes with the page's status messages.
 */
export function Skeleton({ label, className = "h-96" }: { label: string; className?: string }) {
  return <div role="progressbar" aria-label={label} className={`animate-pulse rounded-lg border border-slate-200 bg-white ${className}`} />;
}
