import type { Page } from "@playwright/test";
import { expect, test } from "../support/browser";
import type { SeedInfo } from "../support/seed";
import { expectNoSidewaysScroll } from "../support/layout";

/**
 * Screenshots of the main dashboard pages at desktop and phone width, saved
 * under test-results/screens/ (not committed) for people to look at.
 */
const WIDTHS = { desktop: { width: 1280, height: 900 }, phone: { width: 375, height: 812 } };

async function signIn(page: Page, { seller }: SeedInfo) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(seller.email);
  await page.getByLabel("Password").fill(seller.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard\/\d+$/, { timeout: 20_000 });
}

for (const [name, viewport] of Object.entries(WIDTHS)) {
  test(`main pages render at ${name} width`, async ({ page, seed }) => {
    await page.setViewportSize(viewport);
    await page.goto("/login");
    await page.screenshot({ path: `test-results/screens/${name}-login.png`, fullPage: true });
    await signIn(page, seed);
    await expect(page.getByRole("heading", { name: "Revenue and orders per day" })).toBeVisible();
    await expect(page.getByRole("img", { name: "Revenue and orders per day, USD" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Top products" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Top customers" })).toBeVisible();
    await page.screenshot({ path: `test-results/screens/${name}-home.png`, fullPage: true });
    // the range picker: a short range is graphed per hour; a range that ends before it starts is refused in place
    await page.getByRole("button", { name: "24 hours" }).click();
    await expect(page.getByRole("heading", { name: "Revenue and orders per hour" })).toBeVisible();
    await page.getByLabel("From", { exact: true }).fill("2026-03-01");
    await page.getByLabel("To", { exact: true }).fill("2026-02-01");
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page.getByText("The end field must be a date after or equal to start.")).toBeVisible();
    await page.getByLabel("To", { exact: true }).fill("2026-03-31");
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page.getByText("Revenue, 2026-03-01 to 2026-03-31")).toBeVisible();
    await expect(page.getByRole("button", { name: "30 days" })).toHaveAttribute("aria-pressed", "false");
    await page.goto("/dashboard/account");
    await expect(page.getByRole("heading", { name: "Account" })).toBeVisible();
    await page.screenshot({ path: `test-results/screens/${name}-account.png`, fullPage: true });
    // no horizontal scrolling on any of them
    await expectNoSidewaysScroll(page, `${name}: the account page`);
  });
}
