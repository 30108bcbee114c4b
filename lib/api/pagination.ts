import type { ResellerPage, SellerPage } from "./schemas";

/**
 * The seller paginated envelope (Laravel's LengthAwarePaginator) and the
 * shorter reseller envelope of the spec.
 */
import { env } from "../env";
import { requestOrigin } from "./forwarded";

export type Page = { page: number; perPage: number };

export const DEFAULT_PER_PAGE = 20;

export function offsetOf({ page, perPage }: Page): number {
  return (page - 1) * perPage;
}

/**
 * Page links name the public address (APP_URL) or else the origin the
 * request was made to through the trusted proxies; never the address the
 * server listens on, which is what Next puts in `request.url`.
 */
export function sellerEnvelope<T>(request: Request, { page, perPage }: Page, data: T[], total: number): SellerPage<T> {
  const url = new URL(request.url);
  const path = `${env().APP_URL?.replace(/\/$/, "") ?? requestOrigin(request)}${url.pathname}`;
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const pageUrl = (n: number) => {
    const params = new URLSearchParams(url.search);
    params.set("page", String(n));
    return `${path}?${params.toString()}`;
  };
  const from = data.length ? (page - 1) * perPage + 1 : null;
  const to = data.length ? (page - 1) * perPage + data.length : null;
  const links = [
    { url: page > 1 ? pageUrl(page - 1) : null, label: "&laquo; Previous", active: false },
    ...pageWindow(page, lastPage).map((n) =>
      n === null ? { url: null, label: "...", active: false } : { url: pageUrl(n), label: String(n), active: n === page },
    ),
    { url: page < lastPage ? pageUrl(page + 1) : null, label: "Next &raquo;", active: false },
  ];
  return {
    current_page: page,
    data,
    first_page_url: pageUrl(1),
    from,
    last_page: lastPage,
    last_page_url: pageUrl(lastPage),
    links,
    next_page_url: page < lastPage ? pageUrl(page + 1) : null,
    path,
    per_page: perPage,
    prev_page_url: page > 1 ? pageUrl(page - 1) : null,
    to,
    total,
  };
}

export function resellerEnvelope<T>({ page, perPage }: Page, data: T[], total: number): ResellerPage<T> {
  return {
    current_page: page,
    data,
    from: data.length ? (page - 1) * perPage + 1 : null,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    per_page: perPage,
    to: data.length ? (page - 1) * perPage + data.length : null,
    total,
  };
}

/** Laravel's link window: first two, three around the current page, last two. */
function pageWindow(page: number, lastPage: number): (number | null)[] {
  if (lastPage <= 10) return Array.from({ length: lastPage }, (_, i) => i + 1);
  const pages = new Set([1, 2, lastPage - 1, lastPage, page - 1, page, page + 1].filter((n) => n >= 1 && n <= lastPage));
  const sorted = [...pages].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  sorted.forEach((n, i) => {
    if (i > 0 && n - sorted[i - 1]! > 1) out.push(null);
    out.push(n);
  });
  return out;
}
