import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { ApiRequestError } from "./api";

/**
 * The form field an API error belongs to: the field of that name or, for a
 * path such as `items.3` that the form shows as one list, the nearest field
 * above it.
 */
function shownField(path: string, fields: readonly string[]): string | undefined {
  for (let at = path; ; at = at.slice(0, at.lastIndexOf("."))) {
    if (fields.includes(at)) return at;
    if (!at.includes(".")) return undefined;
  }
}

/**
 * Puts the API's 422 field errors on the form's fields (the first message
 * per field); anything else becomes the form's root error. Returns nothing:
 * the form shows them.
 */
export function showApiErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly Path<T>[]) {
  if (error instanceof ApiRequestError) {
    const placed = new Set<string>();
    for (const [path, messages] of Object.entries(error.fieldErrors)) {
      const field = shownField(path, fields);
      if (field === undefined || placed.has(field)) continue;
      setError(field as Path<T>, { message: messages[0] });
      placed.add(field);
    }
    if (!placed.size) setError("root", { message: error.message });
    return;
  }
  setError("root", { message: "The request failed. Check your connection and try again." });
}
