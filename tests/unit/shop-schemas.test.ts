import { describe, expect, it } from "vitest";
import { createShopBody, RESERVED_SUBDOMAINS, updateShopBody } from "@/lib/shops/schemas";
import { roleAllows } from "@/lib/members/permissions";

const subdomainOk = (subdomain: unknown) => createShopBody.safeParse({ name: "Shop", subdomain }).success;

describe("shop schemas", () => {
  it("a subdomain is 3 to 32 lowercase letters, digits and dashes, no dash at either end, not reserved", () => {
    for (const good of ["abc", "a-b", "my-shop-42", "a".repeat(32), "0x1"]) expect(subdomainOk(good), good).toBe(true);
    for (const bad of ["ab", "a".repeat(33), "-abc", "abc-", "ABC", "a_b", "a.b", "a b", "", 42, null])
      expect(subdomainOk(bad), String(bad)).toBe(false);
    for (const reserved of RESERVED_SUBDOMAINS.filter((word) => word.length >= 3)) expect(subdomainOk(reserved), reserved).toBe(false);
  });

  it("links are http(s) URLs only; ids are strict; absent stays absent and empty clears", () => {
    const parse = (body: Record<string, unknown>) => updateShopBody.safeParse(body);
    expect(parse({ discord_url: "https://discord.gg/x" }).success).toBe(true);
    for (const bad of ["javascript:alert(1)", "data:text/html,x", "ftp://x.com", "https://a:b@x.com", "//x.com", "x"])
      expect(parse({ discord_url: bad }).success, bad).toBe(false);
    expect(parse({ gtag_id: "G-ABC_123" }).success).toBe(true);
    for (const bad of ["G-<x>", "a b", "x".repeat(65), "'"]) expect(parse({ gtag_id: bad }).success, bad).toBe(false);
    expect(parse({}).data).toEqual({});
    expect(parse({ youtube_url: "", description: "" }).data).toEqual({ youtube_url: null, description: null });
  });

  it("only the owner holds shop:delete; admins hold settings:write", () => {
    expect(roleAllows("owner", "shop:delete")).toBe(true);
    for (const role of ["admin", "support", "viewer"]) expect(roleAllows(role, "shop:delete")).toBe(false);
    expect(roleAllows("admin", "settings:write")).toBe(true);
  });
});
