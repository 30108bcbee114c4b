import { STATUS_CODES, type IncomingMessage, type ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import qs from "qs";
import { JSON_BODY_LIMIT, readBody } from "./body";
import { ApiError } from "./errors";
import { parseJsonObject } from "./json";

/**
 * What server.ts does to a raw request before Next sees it: a path Next can
 * decode, a GET's JSON body folded into the query string, a connection
 * closed when its answer leaves the body unread, and JSON answers to what
 * Node's parser refuses.
 */

export function replyJson(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}) {
  res.writeHead(status, { ...headers, "content-type": "application/json; charset=utf-8" });
  res.end(JSON.stringify({ message }));
}

/** A 500 whose body names the request's id, as its X-Request-Id header does: what an operator looks up in the log. */
export function replyServerError(res: ServerResponse, requestId: string | undefined) {
  res.writeHead(500, { "content-type": "application/json; charset=utf-8" });
  res.end(JSON.stringify({ message: "Server Error", ...(requestId ? { request_id: requestId } : {}) }));
}

/** Every method a route of this server may answer; anything else (TRACE, CONNECT, WebDAV's) never reaches the framework. */
export const SERVED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

/**
 * 405 with `Allow`, as JSON, for a method no route serves. Next would take
 * the request and then refuse the method with a 500 (TRACE, say); the
 * answer belongs here, before it. True when it answered.
 */
export function refuseUnservedMethod(req: IncomingMessage, res: ServerResponse): boolean {
  if ((SERVED_METHODS as readonly string[]).includes(req.method ?? "")) return false;
  replyJson(res, 405, "Method Not Allowed.", { allow: SERVED_METHODS.join(", ") });
  return true;
}

/**
 * A request target that is neither a path nor an absolute URL (the asterisk
 * form, `OPTIONS *`): Next cannot parse it and answered 500. `OPTIONS *`
 * asks what the server supports: 204 with `Allow`; anything else is 400.
 * True when it answered.
 */
export function answerNonPathTarget(req: IncomingMessage, res: ServerResponse): boolean {
  const url = req.url ?? "/";
  if (url.startsWith("/") || /^https?:\/\//i.test(url)) return false;
  if (url === "*" && req.method === "OPTIONS") res.writeHead(204, { allow: SERVED_METHODS.join(", ") }).end();
  else replyJson(res, 400, "The request target must be a path.");
  return true;
}

/** The paths whose answers are route handlers (the route.ts files under app): everything else is a page. */
const ROUTE_HANDLER_PATH = /^\/(?:v1\/|cdn\/|_next\/|s\/[^/?]+\/(?:api\/|sitemap\.xml|robots\.txt))/;

/**
 * 405 for what Next would take as a server action: a form post, or a call
 * naming an action, to a page. Shopdesk declares none (no "use server"):
 * its forms call the API. Next would still decode the body as the action's
 * arguments, and a malformed multipart body failed there with a 500. A page
 * answers GET and HEAD only. True when it answered.
 */
export function refuseServerAction(req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method !== "POST" || ROUTE_HANDLER_PATH.test(req.url ?? "/")) return false;
  const type = (req.headers["content-type"] ?? "").toLowerCase();
  const action =
    req.headers["next-action"] !== undefined ||
    type.startsWith("multipart/form-data") ||
    type.startsWith("application/x-www-form-urlencoded");
  if (!action) return false;
  replyJson(res, 405, "Method Not Allowed.", { allow: "GET, HEAD" });
  return true;
}

const PERCENT_BYTE = /(%[0-9A-Fa-f]{2})/;

/** Percent-decoding as URL parsers do it: `%XX` is a byte, anything else is itself; bytes that are not UTF-8 become U+FFFD. */
function decodeLeniently(segment: string): string {
  const bytes = segment
    .split(PERCENT_BYTE)
    .map((part) => (PERCENT_BYTE.test(part) && part.length === 3 ? Buffer.from([parseInt(part.slice(1), 16)]) : Buffer.from(part)));
  return Buffer.concat(bytes).toString("utf8");
}

function decodes(segment: string): boolean {
  try {
    decodeURIComponent(segment);
    return true;
  } catch {
    return false;
  }
}

/**
 * Next decodes path segments with decodeURIComponent and answers 500 when
 * one does not decode (`%E0%A4%A`, `%ZZ`). Such a segment is decoded the
 * way browsers do (a `%` without two hex digits is itself, bytes that are
 * not UTF-8 become U+FFFD) and encoded again, so the route sees text that
 * names no record and answers its own 404.
 */
export function decodablePath(url: string): string {
  const queryAt = url.indexOf("?");
  const path = queryAt < 0 ? url : url.slice(0, queryAt);
  const segments = path.split("/");
  if (segments.every(decodes)) return url;
  const fixed = segments.map((segment) => (decodes(segment) ? segment : encodeURIComponent(decodeLeniently(segment))));
  return fixed.join("/") + (queryAt < 0 ? "" : url.slice(queryAt));
}

function hasBody(req: IncomingMessage): boolean {
  return Number(req.headers["content-length"] ?? 0) > 0 || req.headers["transfer-encoding"] !== undefined;
}

/**
 * `next start` drops the body of GET requests, and the spec sends
 * invoice-list filters that way: the JSON body's fields are folded into the
 * query string (body fields win). Returns false when it has already answered
 * (400 malformed or too deep, 413 too large).
 */
export async function foldGetBody(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  if ((req.method !== "GET" && req.method !== "HEAD") || !hasBody(req)) return true;
  let body: Record<string, unknown> | undefined;
  try {
    body = parseJsonObject((await readBody(req, JSON_BODY_LIMIT, req.headers["content-length"])).toString("utf8"));
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    replyJson(res, error.status, error.message);
    return false;
  }
  delete req.headers["content-length"];
  delete req.headers["transfer-encoding"];
  if (!body) return true;
  const [path, search = ""] = (req.url ?? "/").split("?", 2);
  const merged = { ...qs.parse(search, { depth: 4, arrayLimit: 1000 }), ...body };
  const folded = qs.stringify(merged, { arrayFormat: "brackets", encodeValuesOnly: true });
  req.url = folded ? `${path}?${folded}` : path;
  return true;
}

/** Long enough for the client to read the answer before the connection drops. */
const UNREAD_BODY_LINGER_MS = 2000;

/**
 * An answer sent before the request's body was read to its end (413 past a
 * limit, 401 before the body mattered) must not leave the rest of the upload
 * to be read, nor the connection to be reused: it says `Connection: close`.
 * Node then closes the socket as soon as the answer is flushed, and with
 * upload bytes still arriving that close is a reset, which can destroy the
 * answer before the client has read it; so the socket is half-closed
 * instead and dropped a little later, still without reading on.
 */
export function closeWhenBodyLeftUnread(req: IncomingMessage, res: ServerResponse): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse["writeHead"]>) {
    if (!req.complete && !res.headersSent) {
      res.setHeader("connection", "close");
      const socket = req.socket;
      Object.assign(socket, {
        destroySoon() {
          socket.end();
          setTimeout(() => socket.destroy(), UNREAD_BODY_LINGER_MS).unref();
        },
      });
    }
    return writeHead.apply(this, args);
  } as ServerResponse["writeHead"];
}

/**
 * Requests Node's parser refuses before the app sees them (a request line or
 * headers over its limit, bytes that are not HTTP) get the conventions'
 * JSON error instead of Node's bare status line.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === "ECONNRESET" || !socket.writable) return void socket.destroy();
  const [status, message] =
    error.code === "HPE_HEADER_OVERFLOW" ? [431, "The request headers are too large."] : [400, "Malformed request."];
  endWithJson(socket, status, message);
}

/** CONNECT never reaches the request handler (Node closed its socket unanswered): the 405 of every unserved method. */
export function refuseConnect(_req: IncomingMessage, socket: Duplex): void {
  endWithJson(socket, 405, "Method Not Allowed.", { Allow: SERVED_METHODS.join(", ") });
}

function endWithJson(socket: Duplex, status: number, message: string, headers: Record<string, string> = {}): void {
  const body = JSON.stringify({ message });
  const extra = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("");
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `${extra}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}
