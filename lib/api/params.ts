import * as z from "../validation/zod";
import { numericId } from "../validation/ids";
import { notFound } from "./errors";

/** Control characters (U+0000 can never reach PostgreSQL text) and more than a column holds: no record has such an id. */
const TEXT_ID = /^[^\u0000-\u001f\u007f]{1,255}$/;

/** Whether a path segment can name a record by a text id (a unique_id, a token). */
export const isTextId = (value: string) => TEXT_ID.test(value);

/**
 * Path ids: anything that is not a positive integer names no record, so it
 * is 404 `<Thing> not found.` rather than a validation error.
 */
export function idParams<K extends string>(name: K, thing: string) {
  return z
    .object({ [name]: z.string() } as Record<K, z.ZodString>)
    .passthrough()
    .transform((params) => {
      const id = numericId(params[name] as string);
      if (id === null) throw notFound(thing);
      return { ...params, [name]: id } as Record<K, number>;
    });
}

/** Path ids that are text (an invoice's unique_id): one that no record can have is 404 `<Thing> not found.`. */
export function textIdParams<K extends string>(name: K, thing: string) {
  return z
    .object({ [name]: z.string() } as Record<K, z.ZodString>)
    .passthrough()
    .transform((params) => {
      if (!isTextId(params[name] as string)) throw notFound(thing);
      return params as Record<K, string>;
    });
}

/**
 * The wrapper's backstop for a route whose params schema lets text through
 * as it came: a value carrying U+0000 names no record (and would fail in
 * the database), so it is 404 before the handler runs.
 */
export function refuseNulParams(params: unknown): void {
  if (params === null || typeof params !== "object") return;
  for (const value of Object.values(params)) {
    if (typeof value === "string" && value.includes("\u0000")) throw notFound("Record");
  }
}
