import * as z from "./zod";

/**
 * Laravel's empty-string-to-null, in its two uses: a query string cannot
 * send "absent" or null, so "" stands for them.
 */

/** "" and null mean the field was not sent (filters, paging, optional body fields). */
export function blankAsAbsent<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === "" || value === null ? undefined : value), schema.optional());
}

/** "" is null, which clears the field; absent leaves it as it is (partial updates). */
export function blankAsNull<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === "" ? null : value), schema.nullable().optional());
}
