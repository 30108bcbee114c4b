import { expect, test } from "../support/browser";
import { screenshotAtWidths } from "../support/dashboard";
import { uniqueName } from "../support/catalog";

test.use({ signedIn: true });

test.describe("themes page", () => {
  test("creates, edits and deletes a theme", async ({ page, shopId }) => {
    await page.goto(`/dashboard/${shopId}/themes`);
    const form = page.getByRole("form", { name: "New theme" });
    await form.getByRole("button", { name: "Create theme" }).click();
    await expect(form.getByText("The name field is required.")).toBeVisible();

    const name = uniqueName("Midnight");
    await form.getByLabel("Name", { exact: true }).fill(name);
    await form.getByLabel("Description").fill("Dark and calm.");
    await form.getByRole("button", { name: "Create theme" }).click();
    await expect(page.getByRole("status")).toHaveText(`Theme “${name}” created.`);
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
    await expect(card).toContainText("Dark and calm.");

    await card.getByRole("button", { name: `Edit ${name}` }).click();
    const edit = page.getByRole("form", { name: `Edit ${name}` });
    const renamed = uniqueName("Dawn");
    await edit.getByLabel("Name", { exact: true }).fill(renamed);
    await edit.getByLabel("Type").selectOption("public");
    await edit.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByRole("status")).toHaveText(`Theme “${renamed}” saved.`);
    const renamedCard = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: renamed }) });
    await expect(renamedCard).toContainText("public");

    page.once("dialog", (dialog) => dialog.accept());
    await renamedCard.getByRole("button", { name: `Delete ${renamed}` }).click();
    await expect(page.getByRole("status")).toHaveText(`Theme “${renamed}” deleted.`);
    await expect(renamedCard).toHaveCount(0);
  });

  test("screenshots", async ({ page, shopId }) => {
    await screenshotAtWidths(page, "themes-list", `/dashboard/${shopId}/themes`, async (p) => {
      await expect(p.getByRole("list", { name: "Themes" })).toBeVisible();
    });
  });
});
