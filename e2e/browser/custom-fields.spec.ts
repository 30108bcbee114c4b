import { expect, test } from "../support/browser";
import { screenshotAtWidths } from "../support/dashboard";
import { uniqueName } from "../support/catalog";

test.use({ signedIn: true });

test.describe("custom fields page", () => {
  test("creates, edits and deletes a custom field, with errors at the fields", async ({ page, seller, shopId }) => {
    await page.goto(`/dashboard/${shopId}/custom-fields`);
    const form = page.getByRole("form", { name: "New custom field" });
    await form.getByRole("button", { name: "Create custom field" }).click();
    await expect(form.getByText("The name field is required.")).toBeVisible();
    await expect(form.getByLabel("Name", { exact: true })).toHaveAttribute("aria-invalid", "true");

    const name = uniqueName("Discord tag");
    await form.getByLabel("Name", { exact: true }).fill(name);
    await form.getByLabel("Type").selectOption("select");
    await form.getByRole("button", { name: "Create custom field" }).click();
    await expect(form.getByText("The options field is required when type is select.")).toBeVisible();
    await form.getByLabel("Options").fill("EU, US");
    await form.getByLabel("Customers must answer it").check();
    await form.getByRole("button", { name: "Create custom field" }).click();
    await expect(page.getByRole("status")).toHaveText(`Custom field “${name}” created.`);
    const row = page.getByRole("row", { name: new RegExp(name) });
    await expect(row).toContainText("select");
    await expect(row).toContainText("EU, US");

    await row.getByRole("button", { name: `Edit ${name}` }).click();
    const edit = page.getByRole("form", { name: `Edit ${name}` });
    await expect(edit.getByLabel("Name", { exact: true })).toBeFocused();
    await edit.getByLabel("Hint").fill("Your region");
    await edit.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByRole("status")).toHaveText(`Custom field “${name}” saved.`);
    await expect(row).toContainText("Your region");
    const stored = (await (await seller.get(`/v1/shops/${shopId}/custom-fields`)).json()).find(
      (field: { name: string }) => field.name === name,
    );
    expect(stored).toMatchObject({ type: "select", options: "EU, US", hint: "Your region", is_required: true });

    page.once("dialog", (dialog) => dialog.accept());
    await row.getByRole("button", { name: `Delete ${name}` }).click();
    await expect(page.getByRole("status")).toHaveText(`Custom field “${name}” deleted.`);
    await expect(row).toHaveCount(0);
  });

  test("shows the API's error at the field when the server refuses", async ({ page, shopId }) => {
    await page.route(`**/v1/shops/${shopId}/custom-fields`, (route) =>
      route.request().method() === "POST"
        ? route.fulfill({
            status: 422,
            json: { message: "The name has already been taken.", errors: { name: ["The name has already been taken."] } },
          })
        : route.fallback(),
    );
    await page.goto(`/dashboard/${shopId}/custom-fields`);
    const form = page.getByRole("form", { name: "New custom field" });
    await form.getByLabel("Name", { exact: true }).fill("Taken");
    await form.getByRole("button", { name: "Create custom field" }).click();
    await expect(form.getByText("The name has already been taken.")).toBeVisible();
    await expect(form.getByLabel("Name", { exact: true })).toHaveAttribute("aria-invalid", "true");
  });

  test("screenshots", async ({ page, shopId }) => {
    await screenshotAtWidths(page, "custom-fields-list", `/dashboard/${shopId}/custom-fields`, async (p) => {
      await expect(p.getByRole("table", { name: "Custom fields" })).toBeVisible();
    });
  });
});
