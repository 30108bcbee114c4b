import qs from "qs";
import { ApiError } from "./errors";

/** JSON bodies above this are refused with 413 (uploads have their own limit). */
export const JSON_BODY_LIMIT = 1024 * 1024;

export const malformedJson = () => new ApiError(400, "Malformed JSON body.");

/**
 * The query string as nested values in the forms PHP clients send:
 * `a[]=1&a[]=2`, `a[0]=1`, `gateways[BTC]=1`.
 */
export function queryValues(url: URL): Record<string, unknown> {
  return qs.parse(url.search.slice(1), { depth: 4, arrayLimit: 1000, parameterLimit: 2000 });
}

/** The request's JSON object body, or undefined when there is none. */
export async function jsonBody(request: Request): Promise<Record<string, unknown> | undefined> {
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > JSON_BODY_LIMIT) throw new ApiError(413, "The request body is too large.");
  const text = await request.text();
  if (Buffer.byteLength(text) > JSON_BODY_LIMIT) throw new ApiError(413, "The request body is too large.");
  if (text.trim() === "") return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw malformedJson();
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) throw malformedJson();
  return value as Record<string, unknown>;
}
