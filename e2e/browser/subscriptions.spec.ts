import { expect, test } from "../support/browser";
import { screenshots, signIn } from "../support/dashboard";

/** The seed gives this customer an active subscription that only this test cancels. */
const MEMBER = "dashboard.member@example.com";

test.describe("dashboard: subscriptions", () => {
  test("filters the list, opens a subscription and cancels it at the end of its period", async ({ page, seller, shopId }) => {
    await signIn(page);
    await page.goto(`/dashboard/${shopId}/subscriptions`);
    await expect(page.getByRole("heading", { name: "Subscriptions" })).toBeVisible();
    await screenshots(page, "subscriptions-list", async () => {
      await expect(page.getByRole("table", { name: "Subscriptions" })).toBeVisible();
    });

    await page.getByRole("button", { name: "expired" }).click();
    await expect(page).toHaveURL(/statuses=expired/);
    await expect(page.getByRole("table", { name: "Subscriptions" }).getByText("active", { exact: true })).toHaveCount(0);
    await page.getByRole("button", { name: "expired" }).click();
    await page.getByLabel("Customer email").fill(MEMBER);
    const row = page.getByRole("row", { name: new RegExp(MEMBER) });
    await expect(row).toContainText("active");
    await expect(page.getByRole("row")).toHaveCount(2);

    await row.getByRole("link").click();
    await expect(page.getByRole("heading", { name: /^Subscription #\d+$/ })).toBeVisible();
    const id = Number(page.url().split("/").pop());
    await screenshots(page, "subscriptions-detail", async () => {
      // the list stays in the document, hidden, for the back button (Cache Components keep the previous page)
      await expect(page.getByText(MEMBER).filter({ visible: true })).toBeVisible();
    });

    await page.getByRole("button", { name: "Cancel subscription" }).click();
    const dialog = page.getByRole("dialog", { name: `Cancel subscription #${id}` });
    await expect(dialog.getByRole("radio", { name: /At the end of the current period/ })).toBeChecked();
    await screenshots(page, "subscriptions-cancel", async () => {
      await expect(dialog).toBeVisible();
    });
    await dialog.getByRole("button", { name: "Confirm cancellation" }).click();
    await expect(page.getByRole("status").filter({ hasText: /Subscription will be cancelled on/ })).toBeVisible();
    await expect(page.getByText("Cancels at the end of the period")).toBeVisible();

    const saved = await (await seller.get(`/v1/shops/${shopId}/subscriptions/${id}`)).json();
    expect(saved).toMatchObject({ status: "active", cancel_at_period_end: true, ended_at: null });

    await page.getByRole("link", { name: "← Subscriptions" }).click();
    await page.getByLabel("Customer email").fill(MEMBER);
    await expect(page.getByRole("row", { name: new RegExp(MEMBER) })).toContainText("cancels");
  });
});
