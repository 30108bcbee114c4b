import { expect, test } from "../support/browser";
import { screenshots, signIn } from "../support/dashboard";

test.describe("dashboard: coupons", () => {
  test("creates, edits and deletes a coupon, with the API's validation at the field", async ({ page, seller, shopId }) => {
    const code = `BROWSER${Date.now().toString(36).toUpperCase()}`;
    await signIn(page);
    await page.goto(`/dashboard/${shopId}/coupons`);
    await expect(page.getByRole("heading", { name: "Coupons" })).toBeVisible();
    await screenshots(page, "coupons-list", async () => {
      await expect(page.getByRole("table", { name: "Coupons" })).toBeVisible();
    });

    await page.getByRole("button", { name: "New coupon" }).click();
    const dialog = page.getByRole("dialog", { name: "New coupon" });
    await dialog.getByLabel("Code").fill(code);
    const discount = dialog.getByLabel("Discount (%)");
    await discount.fill("150");
    await dialog.getByRole("button", { name: "Create coupon" }).click();
    await expect(discount).toHaveAccessibleDescription("The discount field must not be greater than 100 for a percentage coupon.");
    await screenshots(page, "coupons-form", async () => {
      await expect(dialog.getByText("must not be greater than 100")).toBeVisible();
    });
    await discount.fill("15");
    await dialog.getByLabel("Max uses", { exact: true }).fill("50");
    await dialog.getByRole("button", { name: "Create coupon" }).click();
    await expect(page.getByRole("status").filter({ hasText: `Coupon ${code} created.` })).toBeVisible();

    await page.getByLabel("Search codes").fill(code);
    await expect(page).toHaveURL(/search=/);
    const row = page.getByRole("row", { name: new RegExp(code) });
    await expect(row).toContainText("15% off");
    await expect(page.getByRole("row")).toHaveCount(2);

    await row.getByRole("button", { name: `Edit ${code}` }).click();
    const edit = page.getByRole("dialog", { name: `Edit coupon ${code}` });
    await expect(edit.getByLabel("Max uses", { exact: true })).toHaveValue("50");
    await edit.getByLabel("Type").selectOption("fixed");
    await edit.getByLabel("Discount (amount)").fill("3.5");
    await edit.getByLabel("Max uses", { exact: true }).fill("");
    await edit.getByRole("button", { name: "Save coupon" }).click();
    await expect(page.getByRole("status").filter({ hasText: `Coupon ${code} saved.` })).toBeVisible();
    await expect(row).toContainText("3.50 off");
    const saved = (await (await seller.get(`/v1/shops/${shopId}/coupons`, { params: { search: code } })).json()).data[0];
    expect(saved).toMatchObject({ code, type: "fixed", discount: 3.5, max_uses: null });

    page.once("dialog", (confirm) => confirm.accept());
    await row.getByRole("button", { name: `Delete ${code}` }).click();
    await expect(page.getByRole("status").filter({ hasText: `Coupon ${code} deleted.` })).toBeVisible();
    await expect(page.getByText("No coupons match these filters.")).toBeVisible();
    expect((await seller.get(`/v1/shops/${shopId}/coupons/${saved.id}`)).status()).toBe(404);
  });
});
