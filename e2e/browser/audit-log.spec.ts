import { expect, test } from "../support/browser";
import { screenshots, signIn } from "../support/dashboard";
import { completedInvoice } from "../support/openapi-records";

test.describe("dashboard: audit log", () => {
  test("lists the entry of a change made with the API key, filtered through the URL", async ({ page, seller, seed, shopId }) => {
    // a change of this test's own: a new invoice completed with the demo key (its status change is logged)
    const invoice = await completedInvoice(seller, shopId);
    await signIn(page);
    await page.goto(`/dashboard/${shopId}`);
    await page.getByRole("link", { name: "Audit log" }).first().click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/${shopId}/audit-log$`));
    await expect(page.getByRole("heading", { name: "Audit log" })).toBeVisible();

    await page.getByLabel("Target", { exact: true }).selectOption("invoice");
    await page.getByLabel("Target id").fill(String(invoice.id));
    await expect(page).toHaveURL(new RegExp(`target_type=invoice.*target_id=${invoice.id}|target_id=${invoice.id}.*target_type=invoice`));
    const table = page.getByRole("table", { name: "Audit log" });
    const row = table.getByRole("row", { name: /invoice\.status_changed/ });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(`invoice #${invoice.id}`);
    await expect(row).toContainText(`${seed.seller.email} (API key "Demo key")`);
    await expect(row.filter({ visible: true })).toContainText("pending");
    await screenshots(page, "audit-log", async () => {
      await expect(table).toBeVisible();
    });

    // the actor's name filters by them (the demo key), on top of the target
    await row.getByRole("button", { name: `${seed.seller.email} (API key "Demo key")` }).click();
    await expect(page).toHaveURL(/api_key_id=\d+/);
    await expect(page.getByLabel("API key id")).not.toHaveValue("");
    await expect(table.getByRole("row", { name: /invoice\.status_changed/ })).toHaveCount(1);

    // the filters live in the URL: a reload keeps them
    await page.reload();
    await expect(page.getByLabel("Target id")).toHaveValue(String(invoice.id));
    await expect(page.getByRole("table", { name: "Audit log" }).getByRole("row", { name: /invoice\.status_changed/ })).toHaveCount(1);
  });
});
