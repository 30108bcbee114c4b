import { lookup as dnsLookup } from "node:dns";
import http, { type IncomingHttpHeaders } from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { urlToHttpOptions } from "node:url";
import { internalAddressRange } from "./addresses";
import { configuredPolicy, isAllowedTarget, refusalAsWritten, type OutboundPolicy } from "./policy";

/**
 * The one way this server calls URLs that sellers and resellers chose
 * (dynamic delivery now, webhooks later). Nothing here trusts the other
 * side: the target must be public as written and on the address actually
 * connected to, redirects are never followed, and the time and the size of
 * the answer are bounded.
 */

export type OutboundRequest = {
  url: string;
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** The whole exchange: resolving, connecting, sending and reading the answer. */
  timeoutMs: number;
  /** A longer answer is a failure, never a truncated body. */
  maxResponseBytes: number;
  /** What is allowed besides public addresses; the configured policy when absent. */
  policy?: OutboundPolicy;
};

export type OutboundResult =
  /** An answer, whatever its status. A 3xx is returned as it is: redirects are not followed. */
  | { outcome: "response"; status: number; headers: IncomingHttpHeaders; body: string; durationMs: number }
  /** Not sent: the target is internal as written or resolved to an internal address. Nothing was sent. */
  | { outcome: "refused"; reason: string; durationMs: number }
  /** Sent or attempted but no usable answer: DNS, connection, TLS, timeout, or an answer over the size limit. */
  | { outcome: "failed"; error: string; timedOut: boolean; durationMs: number };

class InternalAddressError extends Error {}

/**
 * Resolves like the system resolver and refuses the whole name when any of
 * its addresses is internal. The connection is made to the addresses this
 * returns, so a DNS answer that changes between checks (rebinding) cannot
 * slip past: what is checked is what is connected to.
 */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, "");
    const internal = addresses.map((entry) => internalAddressRange(entry.address)).find((range) => range !== null);
    if (internal || addresses.length === 0) {
      return callback(new InternalAddressError(`${hostname} resolves to an internal address (${internal ?? "none"})`), "");
    }
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};

export function sendOutbound(request: OutboundRequest): Promise<OutboundResult> {
  const started = performance.now();
  const durationMs = () => Math.round(performance.now() - started);
  const refused = (reason: string): OutboundResult => ({ outcome: "refused", reason, durationMs: durationMs() });
  const failed = (error: string, timedOut = false): OutboundResult => ({ outcome: "failed", error, timedOut, durationMs: durationMs() });

  if (!URL.canParse(request.url)) return Promise.resolve(refused("not a valid URL"));
  const url = new URL(request.url);
  const policy = request.policy ?? configuredPolicy();
  // IP literals are connected to without a lookup, so the text is checked first.
  const refusal = refusalAsWritten(url, policy);
  if (refusal) return Promise.resolve(refused(refusal));

  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: OutboundResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
      outgoing.destroy();
    };
    const body = request.body ?? "";
    const outgoing = (url.protocol === "https:" ? https : http).request(
      {
        ...urlToHttpOptions(url),
        method: request.method ?? "POST",
        headers: { ...request.headers, "Content-Length": String(Buffer.byteLength(body)) },
        // A fresh connection per call: a pooled socket could have been opened without these checks.
        agent: false,
        lookup: isAllowedTarget(url, policy) ? undefined : publicOnlyLookup,
      },
      (answer) => {
        const tooLarge = () => failed(`the answer is larger than ${request.maxResponseBytes} bytes`);
        if (Number(answer.headers["content-length"] ?? 0) > request.maxResponseBytes) return finish(tooLarge());
        const chunks: Buffer[] = [];
        let size = 0;
        answer.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > request.maxResponseBytes) return finish(tooLarge());
          chunks.push(chunk);
        });
        answer.on("end", () =>
          finish({
            outcome: "response",
            status: answer.statusCode ?? 0,
            headers: answer.headers,
            body: Buffer.concat(chunks).toString("utf8"),
            durationMs: durationMs(),
          }),
        );
        answer.on("error", (error) => finish(failed(error.message)));
        answer.on("close", () => finish(failed("the connection closed before the answer was complete")));
      },
    );
    const timer = setTimeout(() => finish(failed(`no answer within ${request.timeoutMs} ms`, true)), request.timeoutMs);
    outgoing.on("error", (error) => finish(error instanceof InternalAddressError ? refused(error.message) : failed(error.message)));
    outgoing.end(body);
  });
}
