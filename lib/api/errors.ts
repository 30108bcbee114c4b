import type { ZodError } from "zod";

export type FieldErrors = Record<string, string[]>;

type ApiErrorOptions = {
  status: number;
  message: string;
  /** field errors of a 422: `{"items.0.quantity": ["..."]}` */
  errors?: FieldErrors;
  /** a body that is not `{message, errors}` (the shop-not-found shape) */
  body?: Record<string, unknown>;
  headers?: Record<string, string>;
};

/**
 * The one error the domain throws. `toResponse` in lib/api/respond.ts turns
 * it (and zod and Prisma errors) into the bodies of API-CONVENTIONS.md.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly errors?: FieldErrors;
  readonly body?: Record<string, unknown>;
  readonly headers?: Record<string, string>;

  constructor({ status, message, errors, body, headers }: ApiErrorOptions) {
    super(message);
    this.status = status;
    this.errors = errors;
    this.body = body;
    this.headers = headers;
  }
}

export const unauthenticated = () => new ApiError({ status: 401, message: "Unauthenticated." });

export const shopNotFound = () =>
  new ApiError({
    status: 404,
    message: "Shop not found",
    body: { success: false, error: "Shop not found", message: "Shop not found" },
  });

/** `notFound("Invoice")` -> 404 `{"message": "Invoice not found."}` */
export const notFound = (thing: string) => new ApiError({ status: 404, message: `${thing} not found.` });

export const invalid = (field: string, message: string) => validationFailed({ [field]: [message] });

/** A state rule refused the change: 422 with the reason under `status`. */
export const stateConflict = (message: string) => new ApiError({ status: 422, message, errors: { status: [message] } });

export function validationFailed(errors: FieldErrors, message?: string): ApiError {
  const all = Object.values(errors).flat();
  const first = message ?? all[0] ?? "The given data was invalid.";
  const more = all.length - 1;
  return new ApiError({
    status: 422,
    message: more > 0 && !message ? `${first} (and ${more} more error${more > 1 ? "s" : ""})` : first,
    errors,
  });
}

/**
 * zod issues -> Laravel-style field errors with dotted paths (`items.0.quantity`).
 * The map has no prototype, so a field named `__proto__` is just a field.
 */
export function fromZodError(error: ZodError): ApiError {
  const errors: FieldErrors = Object.create(null);
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.join(".") : "body";
    (errors[field] ??= []).push(issue.message);
  }
  return validationFailed(errors);
}

/**
 * 403: the caller is a member of the shop but their role (or their key's
 * scope) lacks the permission the route needs, named in the body so a
 * client can say which.
 */
export const forbidden = (permission: string | null, message: string) =>
  new ApiError({ status: 403, message, body: permission ? { message, permission } : { message } });
