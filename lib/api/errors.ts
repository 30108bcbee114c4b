import { ZodError } from "zod";
import { Prisma } from "../db";

export type FieldErrors = Record<string, string[]>;

/**
 * The one error the domain throws. `toResponse` in lib/api/respond.ts turns
 * it (and zod and Prisma errors) into the bodies of API-CONVENTIONS.md.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: FieldErrors,
    /** a body that is not `{message, errors}` (the shop-not-found shape) */
    readonly body?: Record<string, unknown>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const unauthenticated = () => new ApiError(401, "Unauthenticated.");

export const shopNotFound = () =>
  new ApiError(404, "Shop not found", undefined, { success: false, error: "Shop not found", message: "Shop not found" });

/** `notFound("Invoice")` -> 404 `{"message": "Invoice not found."}` */
export const notFound = (thing: string) => new ApiError(404, `${thing} not found.`);

export const invalid = (field: string, message: string) => validationFailed({ [field]: [message] });

/** A state rule refused the change: 422 with the reason under `status`. */
export const stateConflict = (message: string) => new ApiError(422, message, { status: [message] });

export function validationFailed(errors: FieldErrors, message?: string): ApiError {
  const all = Object.values(errors).flat();
  const first = message ?? all[0] ?? "The given data was invalid.";
  const more = all.length - 1;
  return new ApiError(422, more > 0 && !message ? `${first} (and ${more} more error${more > 1 ? "s" : ""})` : first, errors);
}

/** zod issues -> Laravel-style field errors with dotted paths (`items.0.quantity`). */
export function fromZodError(error: ZodError): ApiError {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.join(".") : "body";
    (errors[field] ??= []).push(issue.message);
  }
  return validationFailed(errors);
}

export function isPrismaError(error: unknown, code: string): error is Prisma.PrismaClientKnownRequestError {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === code;
}
