import { expect, test } from "../support/browser";
import { screenshotAtWidths } from "../support/dashboard";
import { createProduct, uniqueName } from "../support/catalog";

test.use({ signedIn: true });

test.describe("groups page", () => {
  test("creates a group with two products, edits its name and members, deletes it", async ({ page, seller, shopId }) => {
    const [first, second, third] = [
      await createProduct(seller, shopId),
      await createProduct(seller, shopId),
      await createProduct(seller, shopId),
    ];
    await page.goto(`/dashboard/${shopId}/groups`);

    const form = page.getByRole("form", { name: "New group" });
    const name = uniqueName("Bundle shelf");
    await form.getByLabel("Name", { exact: true }).fill(name);
    await form.getByRole("checkbox", { name: first.name }).check();
    await form.getByRole("checkbox", { name: second.name }).check();
    await expect(form.getByText("(2 selected)")).toBeVisible();
    await form.getByRole("button", { name: "Create group" }).click();
    await expect(page.getByRole("status")).toHaveText(`Group “${name}” created.`);

    const item = page.getByRole("listitem", { name, exact: true });
    await expect(item.getByTestId("products-count")).toHaveText("2");
    await expect(item.getByRole("link", { name: first.name })).toBeVisible();
    await expect(item.getByRole("link", { name: second.name })).toBeVisible();

    await item.getByRole("button", { name: `Edit ${name}` }).click();
    const edit = page.getByRole("form", { name: `Edit ${name}` });
    await expect(edit.getByRole("checkbox", { name: first.name })).toBeChecked();
    const renamed = uniqueName("Renamed shelf");
    await edit.getByLabel("Name", { exact: true }).fill(renamed);
    await edit.getByRole("checkbox", { name: first.name }).uncheck();
    await edit.getByRole("checkbox", { name: third.name }).check();
    await edit.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByRole("status")).toHaveText(`Group “${renamed}” saved.`);

    const renamedItem = page.getByRole("listitem", { name: renamed, exact: true });
    await expect(renamedItem.getByTestId("products-count")).toHaveText("2");
    await expect(renamedItem.getByRole("link", { name: third.name })).toBeVisible();
    await expect(renamedItem.getByRole("link", { name: first.name })).toHaveCount(0);
    const groups = await (await seller.get(`/v1/shops/${shopId}/groups`)).json();
    const stored = groups.find((group: { name: string }) => group.name === renamed);
    expect(stored.products.map((p: { id: number }) => p.id).sort()).toEqual([second.id, third.id].sort());

    page.once("dialog", (dialog) => dialog.accept());
    await renamedItem.getByRole("button", { name: `Delete ${renamed}` }).click();
    await expect(page.getByRole("status")).toHaveText(`Group “${renamed}” deleted.`);
    await expect(renamedItem).toHaveCount(0);
  });

  test("screenshots", async ({ page, shopId }) => {
    await screenshotAtWidths(page, "groups-list", `/dashboard/${shopId}/groups`, async (p) => {
      await expect(p.getByRole("list", { name: "Groups" })).toBeVisible();
      await expect(p.getByRole("group", { name: /Products/ })).toBeVisible();
    });
  });
});
