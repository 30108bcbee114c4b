import { randomBytes } from "node:crypto";
import { expect, test } from "../support/api";
import { signIn } from "../support/dashboard";

test.describe("dashboard: blacklist", () => {
  test("adds (invalid regex refused at the field), tests a value, edits and deletes an entry", async ({ page, shopId }) => {
    const tag = randomBytes(4).toString("hex");
    await signIn(page);
    await page.goto(`/dashboard/${shopId}/blacklist`);
    await expect(page.getByRole("heading", { name: "Blacklist" })).toBeVisible();

    await page.getByRole("button", { name: "Add entry" }).click();
    const dialog = page.getByRole("dialog", { name: "Add entry" });
    await dialog.getByLabel("Match").selectOption("regex");
    const value = dialog.getByLabel("Value");
    await value.fill("(unclosed");
    await dialog.getByRole("button", { name: "Add entry" }).click();
    await expect(dialog.getByText("not a valid regular expression")).toBeVisible();
    await value.fill(`@${tag}\\.example$`);
    await dialog.getByLabel("Reason (private)").fill("fraud ring");
    await dialog.getByRole("button", { name: "Add entry" }).click();
    await expect(page.getByRole("status").filter({ hasText: "added." })).toBeVisible();

    const tester = page.getByRole("form", { name: "Test a value" });
    await tester.getByLabel("Test value").fill(`buyer@${tag}.EXAMPLE`);
    await tester.getByRole("button", { name: "Test" }).click();
    await expect(tester.getByRole("status")).toContainText("Blocked");
    await expect(tester.getByRole("status")).toContainText("fraud ring");
    await tester.getByLabel("Test value").fill(`buyer@${tag}.example.org`);
    await tester.getByRole("button", { name: "Test" }).click();
    await expect(tester.getByRole("status")).toContainText("Allowed");

    await page.getByLabel("Search values and reasons").fill(tag);
    await expect(page).toHaveURL(/search=/);
    const entryValue = `@${tag}\\.example$`;
    await page.getByRole("button", { name: `Edit ${entryValue}` }).click();
    const edit = page.getByRole("dialog", { name: "Edit entry" });
    await edit.getByLabel("Reason (private)").fill("chargebacks");
    await edit.getByRole("button", { name: "Save entry" }).click();
    await expect(page.getByRole("row", { name: new RegExp(tag) })).toContainText("chargebacks");

    await page.getByRole("button", { name: `Delete ${entryValue}` }).click();
    await expect(page.getByRole("status").filter({ hasText: "deleted." })).toBeVisible();
    await expect(page.getByText("No entries match these filters.")).toBeVisible();
  });
});
