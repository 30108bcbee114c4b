import { blankAsAbsent } from "./blank";
import { integer } from "./fields";

/** `page` and `perPage` of every list (the seller and the reseller envelopes): 1-based, at most 100 a page. */
export const PER_PAGE_MAX = 100;
export const DEFAULT_PER_PAGE = 20;

/** The paging fields of a list query schema; spread them into its object and pass the result through `withPageDefaults`. */
export const pageFields = {
  page: blankAsAbsent(integer({ min: 1 })),
  perPage: blankAsAbsent(integer({ min: 1, max: PER_PAGE_MAX })),
};

/** A parsed list query with its page filled in: page 1 of 20 unless asked otherwise. */
export function withPageDefaults<T extends { page?: number; perPage?: number }>(query: T): T & { page: number; perPage: number } {
  return { ...query, page: query.page ?? 1, perPage: query.perPage ?? DEFAULT_PER_PAGE };
}
