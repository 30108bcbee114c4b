import { describe, expect, test } from "vitest";
import { routeByHost, storeSubdomainOf } from "../../lib/storefront/host-routing";

const DOMAIN = "shops.example.com";
const at = (host: string, url: string, proto: "http" | "https" = "https") => routeByHost({ host, url, proto }, DOMAIN);

describe("storefront host routing (STORE_DOMAIN)", () => {
  test("without STORE_DOMAIN every request passes", () => {
    expect(routeByHost({ host: "app.example.com", url: "/s/pixelkeys", proto: "https" }, undefined)).toEqual({ kind: "pass" });
  });

  test("a shop's host serves its storefront, its assets and images; every other path is a path of the shop", () => {
    const host = "pixelkeys.shops.example.com";
    expect(at(host, "/")).toEqual({ kind: "rewrite", url: "/s/pixelkeys" });
    expect(at(host, "/product/steam-key?ref=1")).toEqual({ kind: "rewrite", url: "/s/pixelkeys/product/steam-key?ref=1" });
    expect(at(host, "/s/pixelkeys/cart")).toEqual({ kind: "pass" });
    expect(at(host, "/blog")).toEqual({ kind: "rewrite", url: "/s/pixelkeys/blog" });
    expect(at(host, "/products")).toEqual({ kind: "rewrite", url: "/s/pixelkeys/products" });
    expect(at(host, "/products/2")).toEqual({ kind: "rewrite", url: "/s/pixelkeys/products/2" });
    expect(at(host, "/blog/first-post")).toEqual({ kind: "rewrite", url: "/s/pixelkeys/blog/first-post" });
    expect(at(host, "/s/pixelkeys/blog/first-post")).toEqual({ kind: "pass" });
    expect(at(`${host}:8443`, "/s/pixelkeys")).toEqual({ kind: "pass" });
    expect(at(host, "/_next/static/chunks/a.js")).toEqual({ kind: "pass" });
    expect(at(host, "/cdn/abc123")).toEqual({ kind: "pass" });
    expect(at(host, "/icon.svg?icon.0a1b2c")).toEqual({ kind: "pass" });
    expect(at(host, "/icon.svg/x")).toEqual({ kind: "rewrite", url: "/s/pixelkeys/icon.svg/x" });
    // nothing of the dashboard, the sessions or the portal: those paths are storefront pages that do not exist
    for (const path of ["/dashboard", "/login", "/v1/auth/login", "/v1/shops", "/reseller/login", "/invoice/abc"]) {
      expect(at(host, path)).toEqual({ kind: "rewrite", url: `/s/pixelkeys${path}` });
    }
    // another shop's pages are not served on this shop's host
    expect(at(host, "/s/othershop")).toEqual({ kind: "rewrite", url: "/s/pixelkeys/s/othershop" });
  });

  test("the app's host redirects storefront paths to the shop's host and serves the rest", () => {
    expect(at("app.example.com", "/s/pixelkeys")).toEqual({ kind: "redirect", location: "https://pixelkeys.shops.example.com/" });
    expect(at("app.example.com:3000", "/s/pixelkeys/product/x?y=1", "http")).toEqual({
      kind: "redirect",
      location: "http://pixelkeys.shops.example.com:3000/product/x?y=1",
    });
    expect(at("app.example.com", "/dashboard")).toEqual({ kind: "pass" });
    expect(at("app.example.com", "/v1/shops")).toEqual({ kind: "pass" });
    expect(at("shops.example.com", "/")).toEqual({ kind: "not_found" });
  });

  test("only one DNS label under the store domain names a shop", () => {
    expect(storeSubdomainOf("a.b.shops.example.com", DOMAIN)).toBeNull();
    expect(storeSubdomainOf("-bad.shops.example.com", DOMAIN)).toBeNull();
    expect(storeSubdomainOf("PixelKeys.Shops.Example.com", DOMAIN)).toBe("pixelkeys");
    expect(storeSubdomainOf("evilshops.example.com", DOMAIN)).toBeNull();
  });
});
