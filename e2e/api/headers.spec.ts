import { expect, test } from "../support/api";
import { run } from "../support/run";

/** The headers every answer carries (docs/operations.md, Headers). */
test.describe("headers", () => {
  test("dashboard and portal pages cannot be framed and send no referrer elsewhere", async ({ anonymous }) => {
    for (const path of ["/login", "/reseller/login"]) {
      const headers = (await anonymous.get(path, { headers: { accept: "text/html" } })).headers();
      expect(headers["content-security-policy"], path).toContain("frame-ancestors 'none'");
      expect(headers["x-frame-options"], path).toBe("DENY");
      expect(headers["x-content-type-options"], path).toBe("nosniff");
      expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
      expect(headers["permissions-policy"], path).toContain("camera=()");
      // plain http here: no HSTS
      expect(headers["strict-transport-security"], path).toBeUndefined();
    }
  });

  test("app pages carry a script nonce of their own; a policy the client sends changes nothing", async ({ anonymous }) => {
    const answer = await anonymous.get("/login", {
      headers: { accept: "text/html", "content-security-policy": "script-src 'nonce-chosenbytheclient'" },
    });
    const policy = answer.headers()["content-security-policy"] ?? "";
    expect(policy).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/]{22}==' 'strict-dynamic'/);
    expect(policy).not.toContain("chosenbytheclient");
    expect(policy).toContain("object-src 'none'");
    const html = await answer.text();
    expect(html).not.toContain("chosenbytheclient");
    expect(html).toContain(`nonce="${/'nonce-([^']+)'/.exec(policy)![1]}"`);
    // API answers are not documents: nothing in them may load or run
    const api = await anonymous.get("/v1/health");
    expect(api.headers()["content-security-policy"]).toContain("default-src 'none'");
  });

  test("the app's root is a real redirect to the dashboard", async ({ anonymous }) => {
    const root = await anonymous.get("/", { maxRedirects: 0 });
    expect(root.status()).toBe(307);
    expect(root.headers()["location"]).toBe("/dashboard");
  });

  test("the buyer's page leaks its URL to no other site; JSON answers are never stored", async ({ anonymous }) => {
    const page = await anonymous.get("/invoice/abcdefghijklmnop", { headers: { accept: "text/html" } });
    expect(page.headers()["referrer-policy"]).toBe("no-referrer");
    expect(page.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
    const api = await anonymous.get("/v1/buyer/invoices/abcdefghijklmnop");
    expect(api.status()).toBe(404);
    expect(api.headers()["cache-control"]).toBe("no-store");
  });

  test("db:seed refuses NODE_ENV=production without --force-demo", async () => {
    const refused = await run("npx", ["tsx", "prisma/seed.ts"], {
      NODE_ENV: "production",
      DATABASE_URL: "postgresql://nobody@127.0.0.1:1/none",
    });
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain("refused with NODE_ENV=production");
  });
});
