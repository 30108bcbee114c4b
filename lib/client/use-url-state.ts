"use client";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useCallback, useEffect, useMemo, useRef } from "react";
import type { z } from "zod";

/**
 * A list's state (filters, sort, page) kept in the URL, so a filtered view
 * survives a reload and can be shared: `?statuses=completed,refunded&page=2`.
 * The fields are a zod object, normally the area's own list-query schema
 * (`listCouponsQuery.in`), so the URL accepts exactly what the API does and
 * a value the API would refuse is left out. Pages using it sit inside
 * <Suspense> (useSearchParams) and pass the schema as a module constant.
 */
type Fields = z.ZodObject;

/** Each field's text in the URL, as inputs show it and the API takes it. */
export type UrlFilters<S extends Fields> = { [K in keyof S["shape"]]?: string };
/** The same fields parsed by their schemas. */
export type UrlValues<S extends Fields> = { [K in keyof S["shape"]]?: Exclude<z.output<S["shape"][K]>, undefined> };
type UrlValue = string | number | boolean | readonly (string | number)[] | null | undefined;
/** A change: a value per field; empty, null or undefined removes the field. */
export type UrlChanges<S extends Fields> = { [K in keyof S["shape"]]?: UrlValue };

export type UrlState<S extends Fields> = {
  filters: UrlFilters<S>;
  values: UrlValues<S>;
  /** Merges `changes` into the URL; a change that does not name `page` goes back to the first page. */
  setFilters: (changes: UrlChanges<S>) => void;
};

/** The query-string form the API's schemas read: lists comma-separated, booleans 1/0. */
function toText(value: UrlValue): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === "boolean") return value ? "1" : "0";
  const text = Array.isArray(value) ? value.join(",") : String(value);
  return text === "" ? undefined : text;
}

export function useUrlState<S extends Fields>(fields: S): UrlState<S> {
  const router = useRouter();
  const pathname = usePathname();
  const search = useSearchParams().toString();

  const { filters, values } = useMemo(() => readUrl(search, fields), [search, fields]);
  // The last query asked for, which router.replace may not have applied yet: two changes in
  // quick succession (a debounced search field, then a click) build on each other, none is lost.
  const requested = useRef<string | null>(null);
  useEffect(() => {
    if (requested.current === search) requested.current = null;
  }, [search]);

  const setFilters = useCallback(
    (changes: UrlChanges<S>) => {
      const base = requested.current ?? search;
      const merged: Record<string, UrlValue> = { ...readUrl(base, fields).filters, ...changes };
      if (!("page" in changes)) delete merged.page;
      const params = new URLSearchParams();
      for (const key of Object.keys(fields.shape)) {
        const text = toText(merged[key]);
        if (text !== undefined) params.set(key, text);
      }
      const query = params.toString();
      if (query === base) return;
      requested.current = query;
      router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false });
    },
    [fields, search, router, pathname],
  );

  return { filters, values, setFilters };
}

/** The filters a query string holds: each value the field's schema accepts, as text and parsed. */
function readUrl<S extends Fields>(search: string, fields: S) {
  const params = new URLSearchParams(search);
  const filters: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(fields.shape)) {
    const text = params.get(key);
    if (!text) continue;
    const parsed = schema.safeParse(text);
    if (!parsed.success || parsed.data === undefined) continue;
    filters[key] = text;
    values[key] = parsed.data;
  }
  return { filters: filters as UrlFilters<S>, values: values as UrlValues<S> };
}
