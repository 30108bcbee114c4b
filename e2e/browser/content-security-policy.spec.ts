import { expect, test } from "../support/browser";

test.use({ signedIn: true });

/** The dashboard's per-request script policy (lib/api/content-security-policy.ts), in a real browser. */
test.describe("content security policy", () => {
  test.use({ policyViolations: "expected" });

  test("the dashboard runs its own scripts and refuses an injected inline handler", async ({ page, shopId }) => {
    const answer = await page.goto(`/dashboard/${shopId}/invoices`);
    const policy = answer!.headers()["content-security-policy"] ?? "";
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
    expect(nonce, policy).toBeTruthy();
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);

    // the page hydrated: its own scripts ran, and a client-side navigation works
    await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Products", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/${shopId}/products`));
    await expect(page.getByRole("heading", { level: 1, name: "Products" })).toBeVisible();

    // markup that got past every other defence cannot run: an inline handler is refused, and reported
    const refused = page.waitForEvent("console", (message) => message.text().includes("Content Security Policy"));
    await page.evaluate(() =>
      document.body.insertAdjacentHTML("beforeend", `<img src="/missing.png" alt="" onerror="window.__injected = true">`),
    );
    await refused;
    expect(await page.evaluate(() => (window as { __injected?: boolean }).__injected)).toBeUndefined();
  });

  test("each load carries a new nonce, and every script the page sent carries it", async ({ page, shopId }) => {
    const nonces = new Set<string>();
    for (let load = 0; load < 2; load++) {
      const answer = await page.goto(`/dashboard/${shopId}/products`);
      const nonce = /'nonce-([^']+)'/.exec(answer!.headers()["content-security-policy"] ?? "")![1]!;
      nonces.add(nonce);
      const html = await answer!.text();
      const scripts = html.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.length).toBeGreaterThan(0);
      for (const script of scripts) expect(script).toContain(`nonce="${nonce}"`);
    }
    expect(nonces.size).toBe(2);
  });
});

test("a path no page serves is the prebuilt 404 page: its scripts run under the policy of prebuilt pages, nothing is refused", async ({
  page,
}) => {
  for (const path of ["/nothing-here", "/dashboard/1/no-such-section/deeper", "/reseller/nothing"]) {
    const answer = await page.goto(path);
    expect(answer!.status(), path).toBe(404);
    const policy = answer!.headers()["content-security-policy"] ?? "";
    expect(policy, path).toContain("script-src 'self' 'unsafe-inline'");
    expect(policy, path).toContain("frame-ancestors 'none'");
    await expect(page.getByRole("heading", { level: 1, name: "This page does not exist" })).toBeVisible();
  }
  // the page hydrated (the fixture fails the test on any refused script): its link leads home, the dashboard when signed in
  await page.getByRole("link", { name: "Go to the home page" }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  // an existing page keeps its per-request nonce
  const dashboard = await page.goto("/login");
  expect(dashboard!.headers()["content-security-policy"]).toMatch(/'nonce-[^']+' 'strict-dynamic'/);
});
