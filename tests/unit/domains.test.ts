import { describe, expect, test } from "vitest";
import { afterLookup, PENDING_FOR_MS, type CheckedDomain } from "../../lib/domains/checks";
import { parseDnsServers } from "../../lib/domains/dns-servers";
import { createDomainBody, domainProblem } from "../../lib/domains/schemas";
import { routeByHost } from "../../lib/storefront/host-routing";

describe("custom domains", () => {
  test("a domain is a lowercase host name of two labels or more, without port, IP address or scheme", () => {
    for (const name of ["shop.example.com", "a.co", "xn--bcher-kva.example", "my-shop.example.co.uk", "1password.com"])
      expect(domainProblem(name), name).toBeNull();
    for (const name of [
      "localhost",
      "shop.example.com:443",
      "10.0.0.1",
      "[::1]",
      "fe80::1",
      "https://shop.example.com",
      "shop.example.com/",
      "-a.example.com",
      "a-.example.com",
      "a..example.com",
      "shop.example.com.",
      "shop.123",
      "_shopdesk.example.com",
      `${"a".repeat(64)}.com`,
      `${"abc.".repeat(63)}com`,
    ])
      expect(domainProblem(name), name).not.toBeNull();
    expect(createDomainBody.parse({ domain: " Shop.Example.COM " }).domain).toBe("shop.example.com");
  });

  test("DNS_SERVERS: IP addresses with optional ports", () => {
    expect(parseDnsServers("1.1.1.1, 127.0.0.1:5353,[2606:4700::1111]:53,::1")).toEqual([
      "1.1.1.1",
      "127.0.0.1:5353",
      "[2606:4700::1111]:53",
      "::1",
    ]);
    for (const bad of ["dns.example.com", "1.1.1.1:0", "1.1.1.1:70000", "1.1.1", "", " , "]) expect(parseDnsServers(bad), bad).toBeNull();
  });

  test("a check: found verifies, a missing record fails a verified domain, no answer changes no status", () => {
    const now = Date.parse("2026-12-10T12:00:00Z");
    const row = (status: string, ageMs = 60_000): CheckedDomain => ({
      id: 1,
      domain: "shop.example.com",
      token: "t",
      status,
      created_at: new Date(now - ageMs),
      verified_at: status === "verified" ? new Date(now - 1000) : null,
    });
    const missing = { kind: "missing", error: "No TXT record." } as const;
    const unreachable = { kind: "unreachable", error: "ETIMEOUT" } as const;
    expect(afterLookup(row("pending"), { kind: "found" }, now)).toMatchObject({
      status: "verified",
      last_error: null,
      verified_at: new Date(now),
    });
    expect(afterLookup(row("verified"), { kind: "found" }, now).verified_at).toEqual(new Date(now - 1000));
    expect(afterLookup(row("pending"), missing, now)).toMatchObject({ status: "pending", last_error: "No TXT record." });
    expect(afterLookup(row("pending", PENDING_FOR_MS), missing, now).status).toBe("failed");
    expect(afterLookup(row("verified"), missing, now).status).toBe("failed");
    expect(afterLookup(row("verified"), unreachable, now)).toMatchObject({ status: "verified", last_error: "ETIMEOUT" });
    expect(afterLookup(row("failed"), { kind: "found" }, now).status).toBe("verified");
  });

  test("a verified domain's host is routed as the shop's own host, with or without STORE_DOMAIN", () => {
    const at = (url: string, storeDomain?: string) =>
      routeByHost({ host: "shop.example.com", url, proto: "https" }, storeDomain, "pixelkeys");
    expect(at("/")).toEqual({ kind: "rewrite", url: "/s/pixelkeys" });
    expect(at("/dashboard", "shops.test")).toEqual({ kind: "rewrite", url: "/s/pixelkeys/dashboard" });
    expect(at("/s/pixelkeys/cart")).toEqual({ kind: "pass" });
    expect(at("/_next/static/a.js")).toEqual({ kind: "pass" });
    expect(routeByHost({ host: "shop.example.com", url: "/", proto: "https" }, undefined, null)).toEqual({ kind: "pass" });
  });
});
