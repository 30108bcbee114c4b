"use client";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useCallback, useMemo } from "react";

export type UrlFilters<K extends string> = Partial<Record<K, string>>;

/**
 * A list's filters and page kept in the URL (`?type=pending&page=2`), so a
 * filtered view survives a reload and can be shared. Every value is the
 * text of its input; empty values are left out of the URL. Pages using it
 * must sit inside <Suspense> (useSearchParams) and pass `keys` as a
 * module constant.
 */
export function useUrlFilters<K extends string>(keys: readonly K[]): [UrlFilters<K>, (next: UrlFilters<K>) => void] {
  const router = useRouter();
  const pathname = usePathname();
  const search = useSearchParams();
  const text = search.toString();

  const filters = useMemo(() => {
    const params = new URLSearchParams(text);
    const out: UrlFilters<K> = {};
    for (const key of keys) {
      const value = params.get(key);
      if (value) out[key] = value;
    }
    return out;
  }, [text, keys]);

  const setFilters = useCallback(
    (next: UrlFilters<K>) => {
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries(next) as [K, string | undefined][]) if (value) params.set(key, value);
      const query = params.toString();
      router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false });
    },
    [router, pathname],
  );

  return [filters, setFilters];
}

/** The page number of `?page=`, 1 when absent or not a positive integer. */
export function pageOf(filters: { page?: string }): number {
  const page = Number(filters.page);
  return Number.isInteger(page) && page > 1 ? page : 1;
}
