import type { ServerResponse } from "node:http";
import pino from "pino";
import type { RequestContext } from "./request-context";

/**
 * The server's structured log: one JSON object per line on stdout. Nothing
 * that carries a secret is ever passed to it (paths are reduced to their
 * route pattern, headers and bodies are not logged); the redaction below is
 * the second fence for fields someone adds later.
 */
export const log = pino({
  level: process.env.LOG_LEVEL ?? "info",
  base: undefined,
  timestamp: pino.stdTimeFunctions.isoTime,
  redact: {
    paths: [
      "authorization",
      "cookie",
      "password",
      "token",
      "secret",
      "headers",
      "body",
      "*.authorization",
      "*.cookie",
      "*.password",
      "*.token",
      "*.secret",
    ],
    censor: "[redacted]",
  },
});

/** Segments that identify a record or carry a token: numbers, and long random-looking strings. */
const ID_SEGMENT = /^\d+$/;
const TOKEN_SEGMENT = /^[A-Za-z0-9_-]{16,}$/;

/**
 * The route pattern of a path, for the log: ids become `:id` and anything
 * token-like (a buyer's invoice id, an invitation, a /cdn image) `:token`,
 * so no log line holds a capability URL; the query string is dropped.
 */
export function routePattern(url: string): string {
  const path = url.split("?")[0]!.split("#")[0]!;
  return path
    .split("/")
    .map((segment) => (ID_SEGMENT.test(segment) ? ":id" : TOKEN_SEGMENT.test(segment) ? ":token" : segment))
    .join("/");
}

/** The request's one log line: who asked what, the answer's status, size and time; never a header or a body. */
export function logRequest(asked: { method: string; url: string }, res: ServerResponse, context: RequestContext, started: bigint): void {
  const length = res.getHeader("content-length");
  log.info({
    req_id: context.id,
    method: asked.method,
    route: routePattern(asked.url),
    status: res.statusCode,
    ms: Math.round(Number(process.hrtime.bigint() - started) / 1e4) / 100,
    bytes: length === undefined ? undefined : Number(length),
    shop_id: context.shopId,
    user_id: context.userId,
    api_key_id: context.apiKeyId,
  });
}
