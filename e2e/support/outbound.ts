import assert from "node:assert/strict";
import { lookup } from "node:dns/promises";
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { hostname } from "node:os";
import { internalAddressRange } from "../../lib/outbound/addresses";

/** Spellings of internal targets, each as a URL host; the WHATWG parser normalises the IPv4 forms. */
export const INTERNAL_HOSTS = [
  "127.0.0.1",
  "127.1",
  "2130706433", // decimal
  "017700000001", // octal
  "0x7f000001", // hex
  "0x7f.0.0.1",
  "0177.0.0.01",
  "127.000.000.001",
  "127.255.255.254",
  "0.0.0.0",
  "0",
  "10.0.0.1",
  "172.16.0.1",
  "172.31.255.255",
  "192.168.1.1",
  "169.254.169.254", // AWS, GCP, Azure metadata
  "100.100.100.200", // Alibaba metadata (CGNAT range)
  "100.64.0.1",
  "192.0.0.192", // Oracle metadata (IETF protocol assignments)
  "224.0.0.1",
  "255.255.255.255",
  "240.0.0.1",
  "198.18.0.1",
  "[::1]",
  "[0:0:0:0:0:0:0:1]",
  "[::]",
  "[::ffff:127.0.0.1]",
  "[::ffff:7f00:1]",
  "[0:0:0:0:0:ffff:a9fe:a9fe]", // IPv4-mapped 169.254.169.254
  "[::127.0.0.1]",
  "[fe80::1]",
  "[fd00:ec2::254]", // AWS metadata over IPv6
  "[fc00::1]",
  "[ff02::1]",
  "[64:ff9b::7f00:1]", // NAT64 of 127.0.0.1
  "[2002:7f00:1::1]", // 6to4 of 127.0.0.1
  "[2001::1]", // Teredo
  "localhost",
  "LOCALHOST",
  "localhost.",
  "api.localhost",
  "ip6-localhost",
  "metadata",
  "metadata.google.internal",
  "instance-data.ec2.internal",
  "printer.local",
  "router.home.arpa",
];

export type Listener = {
  port: number;
  /** Every request that reached it (method, path, headers, body). */
  received: { method: string; path: string; headers: IncomingHttpHeaders; body: string }[];
  close: () => Promise<void>;
};

type Handler = (request: IncomingMessage, response: ServerResponse, body: string) => void;

/**
 * A local HTTP listener that records what reaches it; by default it answers
 * one line per unit of `item.quantity`, as a dynamic-delivery receiver does.
 * It listens on every interface, so a request to any name or address of
 * this machine would be recorded.
 */
export async function startListener(handler: Handler = answerLines, port = 0): Promise<Listener> {
  const received: Listener["received"] = [];
  const server = createServer((request, response) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => (body += chunk));
    request.on("end", () => {
      received.push({ method: request.method!, path: request.url!, headers: request.headers, body });
      handler(request, response, body);
    });
  });
  await new Promise<void>((resolve, reject) => server.once("error", reject).listen(port, resolve));
  return {
    port: (server.address() as AddressInfo).port,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export const answerLines: Handler = (_request, response, body) => {
  const quantity = (JSON.parse(body || "{}").item?.quantity as number | undefined) ?? 1;
  response.writeHead(200, { "content-type": "text/plain" }).end(Array.from({ length: quantity }, (_, i) => `LINE-${i + 1}`).join("\n"));
};

export const redirectTo =
  (location: string): Handler =>
  (_request, response) =>
    response.writeHead(302, { location }).end();

/**
 * A DNS name, not an address, that resolves to this machine: its own host
 * name, which /etc/hosts maps to a loopback or private address on Debian
 * (127.0.1.1 on an installed system, 127.0.0.1 or the container's address
 * in a container). Fails loudly if this machine resolves it otherwise.
 */
export async function internalHostName(): Promise<string> {
  const name = hostname();
  const addresses = await lookup(name, { all: true });
  assert.ok(
    addresses.length > 0 && addresses.every(({ address }) => internalAddressRange(address) !== null),
    `${name} must resolve to internal addresses only on this machine (got ${JSON.stringify(addresses)})`,
  );
  return name;
}
