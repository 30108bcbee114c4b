import Link from "next/link";

/** Pages named around the current one: the first, the last, and this many on either side of the current. */
const NEIGHBOURS = 2;

/** The page numbers the nav names, null where it skips some (an ellipsis). */
function pageNumbersAround(page: number, pageCount: number): (number | null)[] {
  const numbers: (number | null)[] = [];
  for (let n = 1; n <= pageCount; n++) {
    if (n === 1 || n === pageCount || Math.abs(n - page) <= NEIGHBOURS) numbers.push(n);
    else if (numbers.at(-1) !== null) numbers.push(null);
  }
  return numbers;
}

const ITEM_CLASS =
  "inline-flex min-h-10 min-w-10 items-center justify-center rounded-[var(--sf-radius)] border border-current/15 px-3 focus-visible:outline-2 focus-visible:outline-[var(--sf-primary)]";

/** Previous, the page numbers, next: links to `pathOf(n)`, the current one marked for assistive technology. */
export function Pagination({ page, pageCount, pathOf }: { page: number; pageCount: number; pathOf: (page: number) => string }) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Pages">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        {page > 1 ? (
          <li>
            <Link href={pathOf(page - 1)} rel="prev" className={`${ITEM_CLASS} hover:border-[var(--sf-primary)]`}>
              Previous
            </Link>
          </li>
        ) : null}
        {pageNumbersAround(page, pageCount).map((n, index) =>
          n === null ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                href={pathOf(n)}
                aria-current={n === page ? "page" : undefined}
                className={`${ITEM_CLASS} ${
                  n === page
                    ? "border-[var(--sf-primary)] bg-[var(--sf-primary)] font-semibold text-[var(--sf-on-primary)]"
                    : "hover:border-[var(--sf-primary)]"
                }`}
              >
                <span className="sr-only">Page </span>
                {n}
              </Link>
            </li>
          ),
        )}
        {page < pageCount ? (
          <li>
            <Link href={pathOf(page + 1)} rel="next" className={`${ITEM_CLASS} hover:border-[var(--sf-primary)]`}>
              Next
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
