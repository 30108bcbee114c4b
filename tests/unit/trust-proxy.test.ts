import type { IncomingHttpHeaders } from "node:http";
import { describe, expect, test } from "vitest";
import { applyForwarded, compileTrustProxy, forwardedOf, requestOrigin, resolveForwarded } from "../../lib/api/forwarded";

/** A request as server.ts sees it: the socket's peer and the headers as they arrived. */
function arriving(peer: string, headers: IncomingHttpHeaders = {}, encrypted = false) {
  const all: IncomingHttpHeaders = { host: "shop.example.com", ...headers };
  return { socket: { remoteAddress: peer, encrypted }, headers: all };
}

function resolve(setting: string | undefined, peer: string, headers: IncomingHttpHeaders = {}, encrypted = false) {
  return resolveForwarded(arriving(peer, headers, encrypted), compileTrustProxy(setting), COUNTRY_HEADER);
}

const COUNTRY_HEADER = "cf-ipcountry";

const forged = {
  "x-forwarded-for": "203.0.113.66",
  "x-forwarded-host": "evil.example",
  "x-forwarded-proto": "https",
};

describe("TRUST_PROXY unset: no proxy", () => {
  for (const setting of [undefined, "", " ", "false", "0"]) {
    test(`(${JSON.stringify(setting)}) forwarded headers are ignored; the socket's peer is the client`, () => {
      expect(resolve(setting, "198.51.100.7", { ...forged, "x-real-ip": "203.0.113.9" })).toEqual({
        ip: "198.51.100.7",
        host: "shop.example.com",
        proto: "http",
        country: null,
      });
    });
  }

  test("the scheme comes from the socket", () => {
    expect(resolve(undefined, "198.51.100.7", forged, true).proto).toBe("https");
    expect(resolve(undefined, "198.51.100.7", { "x-forwarded-proto": "http" }, true).proto).toBe("https");
  });

  test("an address is spelled one way only, so respelling it is no new client", () => {
    expect(resolve(undefined, "::ffff:198.51.100.7").ip).toBe("198.51.100.7");
    expect(resolve(undefined, "2001:db8:0:0:0:0:0:1").ip).toBe("2001:db8::1");
  });
});

describe("TRUST_PROXY as a hop count", () => {
  test("1: the load balancer's X-Forwarded-For entry is the client; what the client prepended is not", () => {
    const viaBalancer = {
      "x-forwarded-for": "203.0.113.66, 198.51.100.7",
      "x-forwarded-host": "shop.example.com",
      "x-forwarded-proto": "https",
    };
    expect(resolve("1", "10.0.0.2", viaBalancer)).toEqual({ ip: "198.51.100.7", host: "shop.example.com", proto: "https", country: null });
  });

  test("2: two proxies; the address the first proxy saw is the client", () => {
    expect(resolve("2", "10.0.0.3", { "x-forwarded-for": "203.0.113.66, 198.51.100.7, 10.0.0.2" }).ip).toBe("198.51.100.7");
  });

  test("more hops than the chain has: the farthest address", () => {
    expect(resolve("3", "10.0.0.2", { "x-forwarded-for": "198.51.100.7" }).ip).toBe("198.51.100.7");
  });

  test("no X-Forwarded-For: the peer itself", () => {
    expect(resolve("1", "10.0.0.2").ip).toBe("10.0.0.2");
  });
});

describe("TRUST_PROXY as addresses and ranges", () => {
  test("a peer in the list is a proxy: its forwarded headers count", () => {
    expect(resolve("10.0.0.2", "10.0.0.2", forged)).toEqual({ ip: "203.0.113.66", host: "evil.example", proto: "https", country: null });
  });

  test("a peer outside the list is the client: forged headers count for nothing", () => {
    expect(resolve("10.0.0.2", "198.51.100.7", forged)).toEqual({
      ip: "198.51.100.7",
      host: "shop.example.com",
      proto: "http",
      country: null,
    });
  });

  test("CIDR ranges: the walk stops at the first address outside them", () => {
    const headers = { "x-forwarded-for": "203.0.113.66, 198.51.100.7, 10.1.2.3" };
    expect(resolve("10.0.0.0/8", "10.0.0.2", headers).ip).toBe("198.51.100.7");
    expect(resolve("10.0.0.0/8, 198.51.100.0/24", "10.0.0.2", headers).ip).toBe("203.0.113.66");
  });

  test("named ranges and IPv6", () => {
    expect(resolve("loopback", "127.0.0.1", { "x-forwarded-for": "198.51.100.7" }).ip).toBe("198.51.100.7");
    expect(resolve("loopback", "::1", { "x-forwarded-for": "2001:db8::7" }).ip).toBe("2001:db8::7");
    expect(resolve("uniquelocal", "192.168.1.10", { "x-forwarded-for": "198.51.100.7" }).ip).toBe("198.51.100.7");
    expect(resolve("fd00::/8", "fd00::1", { "x-forwarded-for": "198.51.100.7" }).ip).toBe("198.51.100.7");
    expect(resolve("loopback", "::ffff:127.0.0.1", { "x-forwarded-for": "198.51.100.7" }).ip).toBe("198.51.100.7");
  });

  test("a trusted proxy's host and scheme: the value it appended last, and only a well-formed one", () => {
    expect(resolve("10.0.0.2", "10.0.0.2", { "x-forwarded-host": "evil.example, Shop.Example.com" }).host).toBe("shop.example.com");
    expect(resolve("10.0.0.2", "10.0.0.2", { "x-forwarded-host": "evil.example/path?" }).host).toBe("shop.example.com");
    expect(resolve("10.0.0.2", "10.0.0.2", { "x-forwarded-host": "[2001:db8::1]:8443" }).host).toBe("[2001:db8::1]:8443");
    expect(resolve("10.0.0.2", "10.0.0.2", { "x-forwarded-proto": "https, http" }).proto).toBe("http");
    expect(resolve("10.0.0.2", "10.0.0.2", { "x-forwarded-proto": "gopher" }).proto).toBe("http");
  });
});

test("settings that name nothing are refused instead of trusting nobody or everybody", () => {
  for (const setting of ["true", "yes", "10.0.0.300", "10.0.0.0/33", "-1", "1.5"]) {
    expect(() => compileTrustProxy(setting), setting).toThrow();
  }
});

test("applyForwarded replaces every forwarding header the client sent by the resolved values", () => {
  const request = arriving("198.51.100.7", { ...forged, forwarded: "for=203.0.113.1;host=evil.example", "x-real-ip": "203.0.113.9" });
  applyForwarded(request, resolveForwarded(request, compileTrustProxy(undefined)));
  expect(request.headers).toEqual({
    host: "shop.example.com",
    "x-forwarded-for": "198.51.100.7",
    "x-forwarded-host": "shop.example.com",
    "x-forwarded-proto": "http",
    "x-forwarded-port": "80",
  });
});

describe("COUNTRY_HEADER: the buyer's country from a trusted proxy only", () => {
  test("a trusted proxy's header names the country, in upper case", () => {
    expect(resolve("10.0.0.2", "10.0.0.2", { "cf-ipcountry": "de" }).country).toBe("DE");
    expect(resolve("1", "10.0.0.2", { "x-forwarded-for": "198.51.100.7", "cf-ipcountry": "KP" }).country).toBe("KP");
  });

  test("a client's own header counts for nothing: no proxy, or a peer outside the list", () => {
    expect(resolve(undefined, "198.51.100.7", { "cf-ipcountry": "DE" }).country).toBeNull();
    expect(resolve("10.0.0.2", "198.51.100.7", { "cf-ipcountry": "DE" }).country).toBeNull();
  });

  test("anything but two letters is no country (Cloudflare's XX and T1 included)", () => {
    for (const value of ["DEU", "D", "", "1A", "XX", "T1", "d e", "de;", "ü1"]) {
      expect(resolve("10.0.0.2", "10.0.0.2", { "cf-ipcountry": value }).country, value).toBeNull();
    }
  });

  test("no header configured: none is read, even from a trusted proxy", () => {
    const request = arriving("10.0.0.2", { "cf-ipcountry": "DE" });
    expect(resolveForwarded(request, compileTrustProxy("10.0.0.2")).country).toBeNull();
  });

  test("applyForwarded removes the header whoever sent it, and passes on only the country a trusted proxy named", () => {
    const fromClient = arriving("198.51.100.7", { "cf-ipcountry": "DE", "x-forwarded-country": "DE" });
    applyForwarded(fromClient, resolveForwarded(fromClient, compileTrustProxy("10.0.0.2"), COUNTRY_HEADER), COUNTRY_HEADER);
    expect(fromClient.headers["cf-ipcountry"]).toBeUndefined();
    expect(fromClient.headers["x-forwarded-country"]).toBeUndefined();

    const fromProxy = arriving("10.0.0.2", { "cf-ipcountry": "de", "x-forwarded-country": "US" });
    applyForwarded(fromProxy, resolveForwarded(fromProxy, compileTrustProxy("10.0.0.2"), COUNTRY_HEADER), COUNTRY_HEADER);
    expect(fromProxy.headers["cf-ipcountry"]).toBeUndefined();
    expect(fromProxy.headers["x-forwarded-country"]).toBe("DE");
    const seen = new Request("http://0.0.0.0:3000/s/shop/api/checkout", {
      headers: Object.entries(fromProxy.headers) as [string, string][],
    });
    expect(forwardedOf(seen).country).toBe("DE");
  });
});

test("route handlers read the origin the request was made to from the resolved headers", () => {
  const request = arriving("10.0.0.2", { "x-forwarded-host": "shop.example.com", "x-forwarded-proto": "https" });
  applyForwarded(request, resolveForwarded(request, compileTrustProxy("10.0.0.2")));
  // Next builds request.url from the address it listens on; the origin comes from the headers server.ts wrote.
  const seen = new Request("http://0.0.0.0:3000/v1/shops", { headers: Object.entries(request.headers) as [string, string][] });
  expect(requestOrigin(seen)).toBe("https://shop.example.com");
});
