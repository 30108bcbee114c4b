import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { ApiRequestError } from "./api";

/**
 * Puts the API's 422 field errors on the form's fields; anything else
 * becomes the form's root error. Returns nothing: the form shows them.
 */
export function showApiErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly Path<T>[]) {
  if (error instanceof ApiRequestError) {
    let placed = false;
    for (const [field, messages] of Object.entries(error.fieldErrors)) {
      if ((fields as readonly string[]).includes(field)) {
        setError(field as Path<T>, { message: messages[0] });
        placed = true;
      }
    }
    if (!placed) setError("root", { message: error.message });
    return;
  }
  setError("root", { message: "The request failed. Check your connection and try again." });
}
