import type { Locator, Page } from "@playwright/test";
import { expect, test } from "../support/browser";
import { expectAccessible } from "../support/axe";
import { STEAM, completeInvoice, seededVariantId } from "../support/invoices";
import { seed } from "../support/seed";

/**
 * Signing in, filtering invoices and refunding one with the keyboard alone:
 * every stop is reached with Tab, shows where the focus is, and is operated
 * with Enter or Space.
 */

/** Presses Tab until `target` has the focus (at most `limit` times); the focused control must show it. */
async function tabTo(page: Page, target: Locator, limit = 60) {
  for (let presses = 0; presses < limit; presses++) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) {
      const indicator = await target.evaluate((element) => {
        const style = getComputedStyle(element);
        return { outline: style.outlineStyle !== "none" && style.outlineWidth !== "0px", ring: style.boxShadow !== "none" };
      });
      expect(indicator.outline || indicator.ring, "the focused control shows its focus").toBe(true);
      return;
    }
  }
  throw new Error(`not reached with ${limit} presses of Tab: ${target}`);
}

test("keyboard only: sign in, filter the invoices, refund one", async ({ page, seller, shopId }) => {
  test.slow(); // dozens of Tab presses, each checked in the page
  const tag = `kbd${Date.now().toString(36)}`;
  const variantId = await seededVariantId(seller, shopId, ...STEAM);
  const created = await seller.post(`/v1/shops/${shopId}/invoices`, {
    data: { email: `${tag}@example.test`, items: [{ variant_id: variantId, quantity: 1 }] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const invoice = await completeInvoice(seller, shopId, (await created.json()).id);

  const { email, password } = seed().seller;
  await page.goto("/login");
  await tabTo(page, page.getByLabel("Email"));
  await page.keyboard.type(email);
  await tabTo(page, page.getByLabel("Password"), 1);
  await page.keyboard.type(password);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/dashboard\/\d+$/, { timeout: 20_000 });
  await expectAccessible(page, "home");

  await page.goto(`/dashboard/${shopId}`);
  await tabTo(page, page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Invoices" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/dashboard/${shopId}/invoices`));

  await tabTo(page, page.getByRole("button", { name: "completed", exact: true }));
  await page.keyboard.press("Space");
  await expect(page).toHaveURL(/statuses=completed/);
  await tabTo(page, page.getByLabel("Email"));
  await page.keyboard.type(tag);
  await expect(page).toHaveURL(new RegExp(`email=${tag}`));
  const link = page.getByRole("row", { name: new RegExp(`#${invoice.id}\\b`) }).getByRole("link", { name: `#${invoice.id}` });
  await tabTo(page, link);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: `Invoice #${invoice.id}` })).toBeVisible();

  page.once("dialog", (dialog) => dialog.accept());
  await tabTo(page, page.getByRole("button", { name: "Refund", exact: true }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "Invoice refunded." })).toBeVisible();
  expect((await (await seller.get(`/v1/shops/${shopId}/invoices/${invoice.id}`)).json()).status).toBe("refunded");
  await expectAccessible(page, "invoice");
});
