import type { FieldErrors } from "../api/errors";

/**
 * "An id of this shop or 422 on `field.N`": a body's list of ids must name
 * this shop's live records; another shop's id reads exactly like an unknown
 * one, so nothing leaks. The caller looks the ids up (in its transaction,
 * with its own notion of live); this names each stranger by the position it
 * was sent at; a position without an id (a new record) is not checked.
 */
export function unknownIdErrors(
  ids: readonly (number | undefined)[],
  found: ReadonlySet<number> | readonly { id: number }[],
  path: string | ((index: number) => string),
): FieldErrors {
  const known = found instanceof Set ? found : new Set((found as readonly { id: number }[]).map((row) => row.id));
  const errors: FieldErrors = {};
  ids.forEach((id, index) => {
    if (id === undefined || known.has(id)) return;
    const field = typeof path === "string" ? `${path}.${index}` : path(index);
    errors[field] = [`The selected ${field} is invalid.`];
  });
  return errors;
}
