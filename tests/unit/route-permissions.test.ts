import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { operations } from "@/lib/openapi/operations";
import { ROLE_PERMISSIONS, roleAllows, keyAllows } from "@/lib/members/permissions";

/**
 * Each seller route declares its permission once, in its wrapper
 * (lib/api/route.ts); the OpenAPI document states it too. This test imports
 * every route module and holds the two together.
 */
function routeFiles(): { file: string; apiPath: string }[] {
  const root = path.resolve("app/v1");
  const found: { file: string; apiPath: string }[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!entry.name.startsWith("[[...")) walk(full);
      } else if (entry.name === "route.ts") {
        const parts = path.relative(root, dir).split(path.sep).filter(Boolean);
        found.push({ file: full, apiPath: "/v1" + parts.map((part) => `/${part.replace(/^\[(\w+)\]$/, "{$1}")}`).join("") });
      }
    }
  };
  walk(root);
  return found;
}

type Declared = { declared?: { permission?: string; sessionOnly?: boolean; reauth?: boolean | ((body: unknown) => boolean) } };

describe("route permissions", () => {
  it("every seller route declares the permission the OpenAPI document shows", async () => {
    const documented = new Map(operations.map((op) => [`${op.method.toUpperCase()} ${op.path}`, op]));
    const mismatches: string[] = [];
    let checked = 0;
    for (const { file, apiPath } of routeFiles()) {
      const routeModule = (await import(file)) as Record<string, Declared>;
      for (const method of ["GET", "POST", "PUT", "DELETE"]) {
        const handler = routeModule[method];
        if (!handler) continue;
        const op = documented.get(`${method} ${apiPath}`);
        const declared = handler.declared?.permission;
        if (op?.auth !== "seller") continue;
        checked++;
        if (declared !== op.permission) mismatches.push(`${method} ${apiPath}: route ${declared}, document ${op.permission}`);
        if ((handler.declared?.sessionOnly ?? false) !== (op.sessionOnly ?? false)) mismatches.push(`${method} ${apiPath}: sessionOnly`);
        const reauth = handler.declared?.reauth;
        const declaredReauth = typeof reauth === "function" ? "body" : reauth ? true : undefined;
        if (declaredReauth !== op.reauth) mismatches.push(`${method} ${apiPath}: reauth, route ${declaredReauth}, document ${op.reauth}`);
      }
    }
    expect(mismatches).toEqual([]);
    expect(checked).toBeGreaterThan(100);
  }, 120_000);

  it("roles nest: viewer within support's and admin's reads, support within admin, admin within owner", () => {
    for (const permission of ROLE_PERMISSIONS.admin) expect(roleAllows("owner", permission)).toBe(true);
    for (const permission of ROLE_PERMISSIONS.support) expect(roleAllows("admin", permission)).toBe(true);
    for (const permission of ROLE_PERMISSIONS.viewer) expect(permission.endsWith(":read")).toBe(true);
    expect(roleAllows("admin", "members:manage")).toBe(false);
    expect(roleAllows("admin", "payouts:write")).toBe(false);
    expect(roleAllows("support", "settings:read")).toBe(false);
    expect(roleAllows("support", "exports:read")).toBe(false);
    expect(roleAllows("viewer", "secrets:read")).toBe(false);
    expect(roleAllows("nobody", "shop:read")).toBe(false);
    expect(keyAllows("read", "invoices:write")).toBe(false);
    expect(keyAllows("read", "invoices:read")).toBe(true);
  });
});
