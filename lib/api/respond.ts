import { randomUUID } from "node:crypto";
import { ZodError } from "zod";
import { ApiError, fromZodError, isPrismaError } from "./errors";

const JSON_TYPE = "application/json; charset=utf-8";

export function json(body: unknown, status = 200, headers?: HeadersInit): Response {
  const response = new Response(JSON.stringify(body), { status, headers });
  response.headers.set("content-type", JSON_TYPE);
  return response;
}

/** Maps anything thrown by a handler to the conventions' error bodies. */
export function toResponse(error: unknown): Response {
  if (error instanceof ZodError) error = fromZodError(error);
  if (isPrismaError(error, "P2025")) error = new ApiError(404, "Record not found.");
  if (error instanceof ApiError) {
    const body = error.body ?? (error.errors ? { message: error.message, errors: error.errors } : { message: error.message });
    return json(body, error.status, error.headers);
  }
  const requestId = randomUUID();
  console.error(`[${requestId}] unhandled error`, error);
  return json({ message: "Server Error" }, 500, { "x-request-id": requestId });
}
