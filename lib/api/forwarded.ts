import type { IncomingHttpHeaders, IncomingMessage } from "node:http";
import ipaddr from "ipaddr.js";
import proxyaddr from "proxy-addr";

/**
 * Client address, host and scheme through trusted proxies only, the way
 * Express's `trust proxy` does it (with proxy-addr, Express's own library).
 * A client can write any X-Forwarded-* header, so those headers count only
 * when the peer that sent them (and each hop before it) is a proxy the
 * deployment named in TRUST_PROXY. server.ts resolves them once per request
 * and overwrites the forwarded headers with the result; everything after it
 * reads that result through `forwardedOf`. The same holds for the buyer's
 * country that a proxy such as Cloudflare writes in a header of its own
 * (COUNTRY_HEADER, e.g. `cf-ipcountry`).
 */

/** `(address, hop)`: is this hop a trusted proxy? Hop 0 is the socket's peer. */
export type TrustProxy = (address: string, hop: number) => boolean;

/** `country`: ISO 3166-1 alpha-2, upper case, as a trusted proxy named it; null when none did. */
export type Forwarded = { ip: string; host: string; proto: "http" | "https"; country: string | null };

/**
 * TRUST_PROXY: unset, empty or `false`: no proxy (the socket's peer is the
 * client). A whole number N: the N nearest hops are proxies (N = 1 behind one
 * load balancer). Otherwise a comma-separated list of addresses, CIDR ranges
 * and proxy-addr's names `loopback`, `linklocal`, `uniquelocal`. Throws on
 * anything else, so a typo stops the server instead of trusting nobody or
 * everybody.
 */
export function compileTrustProxy(setting: string | undefined): TrustProxy {
  const value = setting?.trim() ?? "";
  if (value === "" || value === "false") return () => false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return proxyaddr.compile(value.split(",").map((entry) => entry.trim()));
}

type IncomingRequest = { headers: IncomingHttpHeaders; socket: { remoteAddress?: string; encrypted?: boolean } };

/** A host name or IP literal with an optional port: nothing that could change a URL built from it. */
const HOST = /^(?:[a-z0-9_-]+(?:\.[a-z0-9_-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/;

/** The value a proxy appended last (the nearest one, which is the one trusted). */
function lastValue(header: string | string[] | undefined): string | undefined {
  const joined = Array.isArray(header) ? header.join(",") : header;
  return joined?.split(",").at(-1)?.trim().toLowerCase() || undefined;
}

function validHost(value: string | undefined): string | undefined {
  const host = value?.trim().toLowerCase();
  return host && HOST.test(host) ? host : undefined;
}

/** One canonical spelling per address (`::ffff:10.0.0.1` is `10.0.0.1`), so a rate-limit key cannot be dodged by respelling it. */
function canonicalIp(address: string | undefined): string | undefined {
  return address && ipaddr.isValid(address) ? ipaddr.process(address).toString() : undefined;
}

/** Two letters, else null; `XX` (Cloudflare's "no country") and `T1` (Tor) name no country either. */
function countryCode(value: string | undefined): string | null {
  return value && /^[a-z]{2}$/.test(value) && value !== "xx" ? value.toUpperCase() : null;
}

/**
 * `countryHeader`: the header (lower case) in which a trusted proxy names the
 * client's country; read only when the socket's peer is such a proxy.
 */
export function resolveForwarded(request: IncomingRequest, trust: TrustProxy, countryHeader?: string): Forwarded {
  const peer = request.socket.remoteAddress;
  if (!peer) return { ip: "unknown", host: validHost(request.headers.host) ?? "localhost", proto: "http", country: null };
  const peerIsProxy = trust(peer, 0);
  const ip = canonicalIp(proxyaddr(request as IncomingMessage, trust)) ?? canonicalIp(peer) ?? peer;
  const forwardedHost = peerIsProxy ? validHost(lastValue(request.headers["x-forwarded-host"])) : undefined;
  const host = forwardedHost ?? validHost(request.headers.host) ?? "localhost";
  const forwardedProto = peerIsProxy ? lastValue(request.headers["x-forwarded-proto"]) : undefined;
  const proto = forwardedProto === "https" || forwardedProto === "http" ? forwardedProto : request.socket.encrypted ? "https" : "http";
  const country = peerIsProxy && countryHeader ? countryCode(lastValue(request.headers[countryHeader])) : null;
  return { ip, host, proto, country };
}

/** Headers a client may send that name the client, host, scheme or country; none passes to Next as the client wrote it. */
const FORWARDING_HEADERS = [
  "forwarded",
  "x-forwarded-for",
  "x-forwarded-host",
  "x-forwarded-proto",
  "x-forwarded-port",
  "x-real-ip",
  "x-forwarded-country",
];

/**
 * Replaces whatever forwarding headers the request came with by the resolved
 * values. Next builds `request.url`'s scheme from x-forwarded-proto and keeps
 * the x-forwarded-* headers it finds, so after this both agree with the
 * trusted view. The country header is removed whoever sent it (a client
 * beside the proxy could have written it); the country a trusted proxy named
 * travels on as `x-forwarded-country`, so nothing after server.ts needs to
 * know the header's configured name.
 */
export function applyForwarded(request: IncomingRequest, resolved: Forwarded, countryHeader?: string): void {
  for (const name of FORWARDING_HEADERS) delete request.headers[name];
  if (countryHeader) delete request.headers[countryHeader];
  const port = /:(\d+)$/.exec(resolved.host)?.[1] ?? (resolved.proto === "https" ? "443" : "80");
  request.headers["x-forwarded-for"] = resolved.ip;
  request.headers["x-forwarded-host"] = resolved.host;
  request.headers["x-forwarded-proto"] = resolved.proto;
  request.headers["x-forwarded-port"] = port;
  if (resolved.country) request.headers["x-forwarded-country"] = resolved.country;
}

/** What server.ts resolved for this request (see applyForwarded). */
export function forwardedOf(request: Request): Forwarded {
  const headers = request.headers;
  return {
    ip: headers.get("x-forwarded-for") ?? "unknown",
    host: headers.get("x-forwarded-host") ?? headers.get("host") ?? "localhost",
    proto: headers.get("x-forwarded-proto") === "https" ? "https" : "http",
    country: headers.get("x-forwarded-country"),
  };
}

/** `https://shop.example.com`: the origin this request was made to. */
export function requestOrigin(request: Request): string {
  const { proto, host } = forwardedOf(request);
  return `${proto}://${host}`;
}
