import type { ReactNode } from "react";

/** A dashboard page's title, its one-line description, "Updating…" while a list refetches, and its actions at the right. */
export function PageHeading({
  title,
  description,
  updating,
  children,
}: {
  title: string;
  description?: ReactNode;
  updating?: boolean;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-2">
      <div>
        <h1 className="text-2xl font-semibold">{title}</h1>
        {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      </div>
      {updating ? (
        <span className="text-xs text-slate-500" role="status">
          Updating…
        </span>
      ) : null}
      {children}
    </div>
  );
}
