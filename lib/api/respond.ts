import { randomUUID } from "node:crypto";
import { ZodError } from "zod";
import { log } from "../observability/log";
import { currentRequest } from "../observability/request-context";
import { attribute } from "../validation/messages";
import { ApiError, fromZodError, validationFailed } from "./errors";
import { isPrismaError, uniqueViolation, type UniqueViolation } from "./prisma-errors";

const JSON_TYPE = "application/json; charset=utf-8";

/**
 * Every JSON answer is the caller's own (keys, tokens, delivered goods,
 * settings): no shared or browser cache may keep it.
 */
export function json(body: unknown, status = 200, headers?: HeadersInit): Response {
  const response = new Response(JSON.stringify(body), { status, headers });
  response.headers.set("content-type", JSON_TYPE);
  if (!response.headers.has("cache-control")) response.headers.set("cache-control", "no-store");
  return response;
}

/**
 * A unique violation is what a concurrent request that won the race leaves
 * behind, so it gets the answer the loser would get a moment later: 422 on
 * the first field the request sent that the constraint covers (`The email
 * has already been taken.`), else 409 (its columns came from the path or
 * the caller).
 */
function duplicateError(violation: UniqueViolation, input: Record<string, unknown>): ApiError {
  const field = Object.keys(input).find((key) => violation.covers(key));
  if (field) return validationFailed({ [field]: [`The ${attribute([field])} has already been taken.`] });
  return new ApiError({ status: 409, message: "The record already exists." });
}

/**
 * Maps anything thrown by a handler to the conventions' error bodies.
 * `input`: the request's query and body fields, which name the field of a
 * unique violation.
 */
export function toResponse(error: unknown, input: Record<string, unknown> = {}): Response {
  if (error instanceof ZodError) error = fromZodError(error);
  if (isPrismaError(error, "P2025")) error = new ApiError({ status: 404, message: "Record not found." });
  const duplicate = uniqueViolation(error);
  if (duplicate) error = duplicateError(duplicate, input);
  if (error instanceof ApiError) {
    const body = error.body ?? (error.errors ? { message: error.message, errors: error.errors } : { message: error.message });
    return json(body, error.status, error.headers);
  }
  const requestId = currentRequest()?.id ?? randomUUID();
  log.error({ req_id: requestId, err: error }, "unhandled error");
  return json({ message: "Server Error", request_id: requestId }, 500, { "x-request-id": requestId });
}

const TEXT_TYPE = "text/plain; charset=utf-8";

/** A plain-text answer (the dynamic receiver's, whose body the reseller's shop shows its customer). */
export function plainText(body: string, status: number): Response {
  return new Response(body, { status, headers: { "content-type": TEXT_TYPE } });
}

/**
 * An answer kept as text (status, body, content type) by the idempotency
 * protocol, sent as is; a replay says so with `Idempotent-Replayed: true`.
 */
export function storedAnswer(answer: { response: { status: number; body: string; contentType: string }; replayed: boolean }): Response {
  const headers: Record<string, string> = { "content-type": answer.response.contentType };
  if (answer.replayed) headers["Idempotent-Replayed"] = "true";
  return new Response(answer.response.body, { status: answer.response.status, headers });
}
