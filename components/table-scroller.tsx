import type { ReactNode } from "react";

/**
 * The box a wide table scrolls in on a phone. `relative` keeps the table's
 * screen-reader-only cells (absolutely positioned) inside it: without it
 * they are placed against the page and make the whole page scroll sideways.
 */
export function TableScroller({ children }: { children: ReactNode }) {
  return <div className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white">{children}</div>;
}
