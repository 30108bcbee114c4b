import { expectAccessible } from "../support/axe";
import { expect, test } from "../support/browser";
import { applyAsNewPerson } from "../support/reseller-portal";
import { uniqueSubdomain } from "../support/shops";

/**
 * A seller of the test's own (the seeded sellers' shop lists stay as other
 * specs expect them) creates a shop from the dashboard, renames it in its
 * settings and deletes it in the danger zone with its name and the password.
 */
test.describe("shops in the dashboard", () => {
  test("creates a shop, renames it and deletes it with its name and the password", async ({ page, anonymous, shopId }) => {
    const person = await applyAsNewPerson(anonymous, shopId);
    await page.goto("/login");
    await page.getByLabel("Email").fill(person.email);
    await page.getByLabel("Password").fill(person.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("You have no shop yet.")).toBeVisible();

    await page.getByRole("link", { name: "Create a shop" }).click();
    await expect(page).toHaveURL(/\/dashboard\/new-shop$/);
    await page.getByLabel("Shop name").fill("Browser shop");
    await page.getByLabel("Subdomain").fill("www");
    await page.getByRole("button", { name: "Create shop" }).click();
    await expect(page.getByText("The subdomain is reserved.")).toBeVisible();
    const subdomain = uniqueSubdomain("br");
    await page.getByLabel("Subdomain").fill(subdomain);
    await page.getByRole("button", { name: "Create shop" }).click();
    await expect(page).toHaveURL(/\/dashboard\/\d+$/);
    await expect(page.getByLabel("Shop", { exact: true }).locator("option:checked")).toHaveText("Browser shop");

    await page.getByRole("link", { name: "Shop", exact: true }).first().click();
    await expect(page).toHaveURL(/\/dashboard\/\d+\/shop$/);
    // the create page may stay in the document, hidden (the router keeps a page it left): the visible field is this page's
    await page.getByLabel("Shop name").filter({ visible: true }).first().fill("Renamed browser shop");
    await page.getByLabel("Discord link").fill("javascript:alert(1)");
    await page.getByRole("button", { name: "Save shop" }).click();
    await expect(page.getByText("The link must be an http(s) URL.")).toBeVisible();
    await page.getByLabel("Discord link").fill("https://discord.gg/browser");
    await page.getByRole("button", { name: "Save shop" }).click();
    await expect(page.getByText("Shop saved.")).toBeVisible();

    const danger = page.getByRole("region", { name: "Delete this shop" });
    await danger.getByLabel("Shop name").fill("Browser shop");
    await danger.getByLabel("Your password").fill(person.password);
    await danger.getByRole("button", { name: "Delete shop" }).click();
    await expect(danger.getByText("The name does not match the shop's name.")).toBeVisible();
    await danger.getByLabel("Shop name").fill("Renamed browser shop");
    await danger.getByRole("button", { name: "Delete shop" }).click();
    await expect(page.getByText("You have no shop yet.")).toBeVisible();
    expect((await anonymous.get(`/s/${subdomain}`)).status()).toBe(404);
  });

  test("adds a custom domain, shows its TXT record and status, checks it now and removes it", async ({ page, anonymous, shopId }) => {
    const person = await applyAsNewPerson(anonymous, shopId);
    await page.goto("/login");
    await page.getByLabel("Email").fill(person.email);
    await page.getByLabel("Password").fill(person.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("link", { name: "Create a shop" }).click();
    await page.getByLabel("Shop name").fill("Domain shop");
    await page.getByLabel("Subdomain").fill(uniqueSubdomain("br"));
    await page.getByRole("button", { name: "Create shop" }).click();
    await expect(page).toHaveURL(/\/dashboard\/\d+$/);
    await page.getByRole("link", { name: "Shop", exact: true }).first().click();
    await expect(page).toHaveURL(/\/dashboard\/\d+\/shop$/);

    const section = page.getByRole("region", { name: "Custom domains" });
    await expect(section.getByText("No custom domains yet.")).toBeVisible();
    await section.getByLabel("Domain").fill("shop.example.com:8080");
    await section.getByRole("button", { name: "Add domain" }).click();
    await expect(section.getByText("The domain must not include a port.")).toBeVisible();
    const domain = `${uniqueSubdomain("br")}.example.com`;
    await section.getByLabel("Domain").fill(domain);
    await section.getByRole("button", { name: "Add domain" }).click();
    const row = section.getByRole("listitem", { name: domain });
    // exact: the domain worker may have checked already, and its "Last check" names the same record
    await expect(row.getByText(`_shopdesk.${domain}`, { exact: true })).toBeVisible();
    await expect(row.getByText(/^shopdesk-verify=/)).toBeVisible();
    await expect(row.getByText("pending", { exact: true })).toBeVisible();
    await expectAccessible(page, "the Shop page with a pending domain");

    await row.getByRole("button", { name: "Check now" }).click();
    await expect(row.getByText(/^Last check: /)).toBeVisible();
    await expect(row.getByText("pending", { exact: true })).toBeVisible();

    page.once("dialog", (dialog) => void dialog.accept());
    await row.getByRole("button", { name: "Remove" }).click();
    await expect(section.getByText("No custom domains yet.")).toBeVisible();
  });
});
