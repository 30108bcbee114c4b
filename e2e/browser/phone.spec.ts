import type { Page } from "@playwright/test";
import { expectAccessible } from "../support/axe";
import { expect, test } from "../support/browser";
import { STEAM, completeInvoice, seededVariantId } from "../support/invoices";
import { seed } from "../support/seed";
import { expectNoSidewaysScroll } from "../support/layout";

test.use({ signedIn: true });

/**
 * The dashboard and the portal at 375 px, as a seller checks orders from a
 * phone: nothing scrolls sideways, what matters is on screen, and every page
 * passes axe. Screenshots go to test-results/screens/phone-*.png.
 */
test.use({ viewport: { width: 375, height: 812 } });

async function shoot(page: Page, name: string) {
  await expectNoSidewaysScroll(page, name);
  await page.screenshot({ path: `test-results/screens/phone-${name}.png`, fullPage: true });
  await expectAccessible(page, name);
}

/** The element lies inside the viewport's width (not cut off to the right). */
async function expectWithinWidth(page: Page, locator: ReturnType<Page["locator"]>) {
  const box = await locator.boundingBox();
  expect(box, "element is laid out").not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(375);
}

test.describe("dashboard on a phone", () => {
  test("invoice list: filters fold behind one button that counts them, rows are cards with what matters", async ({
    page,
    seller,
    shopId,
  }) => {
    const tag = `phone${Date.now().toString(36)}`;
    const variantId = await seededVariantId(seller, shopId, ...STEAM);
    const created = await seller.post(`/v1/shops/${shopId}/invoices`, {
      data: { email: `${tag}@example.test`, items: [{ variant_id: variantId, quantity: 1 }] },
    });
    expect(created.status(), await created.text()).toBe(201);
    const invoice = await completeInvoice(seller, shopId, (await created.json()).id);

    await page.goto(`/dashboard/${shopId}/invoices`);
    const filters = page.getByRole("button", { name: "Filters" });
    await expect(filters).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByLabel("Email")).toBeHidden();
    await expect(page.getByRole("row").nth(1)).toBeVisible();
    await shoot(page, "invoices");

    await filters.click();
    await page.getByLabel("Email").fill(tag);
    await page.getByRole("button", { name: "completed", exact: true }).click();
    await expect(page).toHaveURL(/statuses=completed/);
    await expect(page).toHaveURL(new RegExp(`email=${tag}`));
    await expect(page.getByRole("button", { name: "Filters (2 active)" })).toBeVisible();
    await page.getByRole("button", { name: "Filters (2 active)" }).click();
    await expect(page.getByLabel("Email")).toBeHidden();

    // the card keeps number, customer, status, price and date on screen
    const card = page.getByRole("row", { name: new RegExp(`#${invoice.id}\\b`) });
    await expect(card).toBeVisible();
    for (const text of [`#${invoice.id}`, `${tag}@example.test`, "completed", invoice.price]) {
      const cell = card.getByText(text, { exact: false }).first();
      await expect(cell).toBeVisible();
      await expectWithinWidth(page, cell);
    }
    await expect(card.locator("time")).toBeVisible();
    await expectWithinWidth(page, card.locator("time"));

    // sorting without a table header
    await page.getByRole("button", { name: /Filters/ }).click();
    await page.getByLabel("Sort by").selectOption({ label: "Price, high to low" });
    await expect(page).toHaveURL(/orderColumn=price_usd/);

    await card.getByRole("link", { name: `#${invoice.id}` }).click();
    await expect(page.getByRole("heading", { name: `Invoice #${invoice.id}` })).toBeVisible();
    await expect(page.getByRole("button", { name: "Refund", exact: true })).toBeVisible();
    await expectWithinWidth(page, page.getByRole("button", { name: "Refund", exact: true }));
    await shoot(page, "invoice");
  });

  test("the sections fold into a menu and the notification bell stays in view", async ({ page, shopId }) => {
    await page.goto(`/dashboard/${shopId}`);
    const bell = page.getByRole("button", { name: /^Notifications, \d+ unread$/ });
    await expect(bell).toBeVisible();
    await expectWithinWidth(page, bell);
    await expect(page.getByRole("navigation", { name: "Sections" })).toBeHidden();
    await page.getByRole("button", { name: "Menu" }).click();
    await expect(page.getByRole("button", { name: "Menu" })).toHaveAttribute("aria-expanded", "true");
    await shoot(page, "menu");
    await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Products" }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/${shopId}/products$`));
    await expect(page.getByRole("navigation", { name: "Sections" })).toBeHidden();
    await expect(page.getByRole("heading", { name: "Products" })).toBeVisible();
    await shoot(page, "products");
  });

  test("abandoned checkouts", async ({ page, shopId }) => {
    await page.goto(`/dashboard/${shopId}/checkouts`);
    await expect(page.getByRole("heading", { name: "Abandoned checkouts" })).toBeVisible();
    await expect(page.getByRole("button", { name: /^(Recover|Email again) checkout #/ }).first()).toBeVisible();
    await shoot(page, "checkouts");
  });

  test("the reseller portal's catalog", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, viewport: { width: 375, height: 812 }, storageState: undefined });
    const page = await context.newPage();
    const { reseller } = seed();
    await page.goto("/reseller/login");
    await page.getByLabel("Email").fill(reseller.email);
    await page.getByLabel("Password").fill(reseller.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { name: "Catalog" })).toBeVisible({ timeout: 20_000 });
    await shoot(page, "portal-catalog");
    await context.close();
  });
});
