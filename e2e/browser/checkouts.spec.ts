import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "../support/browser";
import { screenshots, signIn } from "../support/dashboard";
import { demoCatalog } from "../support/promotions";

/** A pending manual invoice (an abandoned checkout of type created) with an email no other test uses. */
async function createCheckout(seller: APIRequestContext, shopId: number, email: string) {
  const catalog = await demoCatalog(seller, shopId);
  const response = await seller.post(`/v1/shops/${shopId}/invoices`, {
    data: { email, items: [{ variant_id: catalog.standard, quantity: 1 }] },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: number; unique_id: string };
}

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

test.describe("dashboard: abandoned checkouts", () => {
  test("recovers one checkout with a coupon, dismisses and restores it", async ({ page, seller, shopId }) => {
    const email = `browser-checkout-${unique()}@example.com`;
    const checkout = await createCheckout(seller, shopId, email);
    await signIn(page);
    await page.goto(`/dashboard/${shopId}/checkouts`);
    await expect(page.getByRole("heading", { name: "Abandoned checkouts" })).toBeVisible();
    await screenshots(page, "checkouts-list", async () => {
      await expect(page.getByRole("table", { name: "Abandoned checkouts" })).toBeVisible();
      await expect(page.getByLabel("Abandoned checkout statistics")).not.toContainText("…");
    });

    await page.getByLabel("Search (email, id, product)").fill(email);
    await expect(page).toHaveURL(/search=/);
    const row = page.getByRole("row", { name: new RegExp(`#${checkout.id}`) });
    await expect(row).toContainText(email);
    await expect(row).toContainText("Not emailed");
    await expect(page.getByRole("row")).toHaveCount(2);

    await page.getByLabel("Offer a coupon in recovery emails").selectOption({ label: "WELCOME10 (10% off)" });
    page.once("dialog", (confirm) => {
      expect(confirm.message()).toContain("with coupon WELCOME10");
      void confirm.accept();
    });
    await row.getByRole("button", { name: `Recover checkout #${checkout.id}` }).click();
    await expect(page.getByRole("status").filter({ hasText: `Recovery email queued for ${email}.` })).toBeVisible();
    await expect(row).toContainText("Email sent");
    await expect(row.getByRole("button", { name: `Email again checkout #${checkout.id}` })).toBeVisible();
    const listed = (await (await seller.get(`/v1/shops/${shopId}/abandoned-checkouts`, { params: { search: email } })).json()).data[0];
    expect(listed.recovery_sent_at).toBeTruthy();

    await row.getByRole("button", { name: `Dismiss checkout #${checkout.id}` }).click();
    await expect(page.getByRole("status").filter({ hasText: `Checkout #${checkout.id} dismissed.` })).toBeVisible();
    await expect(row).toHaveCount(0);
    // the box follows the URL, so it shows ticked once the navigation is done
    await page.getByLabel("Show dismissed").click();
    await expect(page.getByLabel("Show dismissed")).toBeChecked();
    await expect(row).toContainText("dismissed");
    await row.getByRole("button", { name: `Undismiss checkout #${checkout.id}` }).click();
    await expect(page.getByRole("status").filter({ hasText: `Checkout #${checkout.id} restored.` })).toBeVisible();
    await expect(row.getByRole("button", { name: `Dismiss checkout #${checkout.id}` })).toBeVisible();
    expect(
      (await (await seller.get(`/v1/shops/${shopId}/abandoned-checkouts`, { params: { search: email } })).json()).data[0].dismissed,
    ).toBe(false);
  });

  test("selects several checkouts and recovers them in bulk", async ({ page, seller, shopId }) => {
    const tag = `browser-bulk-${unique()}`;
    const first = await createCheckout(seller, shopId, `${tag}-a@example.com`);
    const second = await createCheckout(seller, shopId, `${tag}-b@example.com`);
    await signIn(page);
    await page.goto(`/dashboard/${shopId}/checkouts?search=${tag}`);
    await expect(page.getByRole("row")).toHaveCount(3);
    await page.getByLabel("Select all on this page").check();
    page.once("dialog", (confirm) => confirm.accept());
    await page.getByRole("button", { name: "Recover selected (2)" }).click();
    await expect(page.getByRole("status").filter({ hasText: "2 recovery emails queued." })).toBeVisible();
    for (const checkout of [first, second]) {
      await expect(page.getByRole("row", { name: new RegExp(`#${checkout.id}`) })).toContainText("Email sent");
    }
    await expect(page.getByRole("button", { name: "Recover selected (0)" })).toBeDisabled();
  });
});
