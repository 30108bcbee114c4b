import type { Page } from "@playwright/test";
import { expect, test } from "../support/browser";
import { applyAsNewPerson, portalClient } from "../support/reseller-portal";
import { expectNoSidewaysScroll } from "../support/layout";

/** The seller's reseller management in the dashboard: applications, balance, tiers. */

const WIDTHS = { desktop: { width: 1280, height: 900 }, phone: { width: 375, height: 812 } };

async function signInAsSeller(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard\/\d+$/, { timeout: 20_000 });
}

test.describe("seller's resellers page", () => {
  test("the seller approves a pending application, credits the reseller, and the person can sign in", async ({
    page,
    playwright,
    baseURL,
    anonymous,
    seed,
    shopId,
  }) => {
    const applicant = await applyAsNewPerson(anonymous, shopId);
    await signInAsSeller(page, seed.seller.email, seed.seller.password);
    await page.getByRole("link", { name: "Resellers" }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/${shopId}/resellers$`));
    await page.getByRole("button", { name: "Pending", exact: true }).click();
    await expect(page).toHaveURL(/status=pending/);
    // other tests add resellers to this shop at the same time: find this one by email
    await page.getByLabel("Search by email").fill(applicant.email);
    await page.getByRole("button", { name: "Search" }).click();

    const row = page.getByRole("row", { name: applicant.email });
    await expect(row).toContainText("pending");
    await row.getByRole("button", { name: `Approve ${applicant.email}` }).click();
    await expect(page.getByRole("status")).toHaveText(`${applicant.email} is now approved.`);
    await expect(page.getByRole("row", { name: applicant.email })).toHaveCount(0);

    await page.getByRole("button", { name: "Approved", exact: true }).click();
    await page.getByRole("button", { name: `Adjust balance of ${applicant.email}` }).click();
    const adjust = page.getByRole("form", { name: `Adjust the balance of ${applicant.email}` });
    await adjust.getByRole("button", { name: "Save" }).click();
    await expect(adjust.getByText("The reason field is required.")).toBeVisible();
    await adjust.getByLabel("Amount (USD, negative to debit)").fill("42.50");
    await adjust.getByLabel("Reason").fill("Welcome credit");
    await adjust.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("status")).toHaveText(`${applicant.email}: balance is now $42.50.`);
    await expect(page.getByRole("row", { name: applicant.email })).toContainText("$42.50");

    const portal = await portalClient(playwright, baseURL, applicant.email, applicant.password);
    expect((await (await portal.get("/v1/reseller/balance")).json()).balance).toBe(42.5);
    await portal.dispose();
  });

  test("tiers: create, edit and delete", async ({ page, seed }) => {
    // The other seller's shop: its tiers are not what the shared reseller tests price with.
    const shopId = seed.otherSeller.shopIds[0]!;
    await signInAsSeller(page, seed.otherSeller.email, seed.otherSeller.password);
    await page.goto(`/dashboard/${shopId}/resellers`);
    const name = `Platinum ${Date.now()}`;
    const create = page.getByRole("form", { name: "New tier" });
    await create.getByRole("button", { name: "Create tier" }).click();
    await expect(create.getByText("The name field is required.")).toBeVisible();
    await create.getByLabel("Name", { exact: true }).fill(name);
    await create.getByLabel("Discount %").fill("150");
    await create.getByRole("button", { name: "Create tier" }).click();
    await expect(create.getByText(/discount percentage/i)).toBeVisible();
    await create.getByLabel("Discount %").fill("20");
    await create.getByLabel("Min. spent (USD)").fill("10000");
    await create.getByLabel("Min. orders").fill("100");
    await create.getByRole("button", { name: "Create tier" }).click();
    await expect(page.getByRole("status")).toHaveText(`Tier “${name}” created.`);

    const tier = page.getByRole("listitem", { name: `Tier ${name}` });
    await expect(tier).toContainText("20% off");
    await tier.getByRole("button", { name: "Edit" }).click();
    await tier.getByLabel("Discount %").fill("22.5");
    await tier.getByRole("button", { name: "Save tier" }).click();
    await expect(page.getByRole("status")).toHaveText(`Tier “${name}” saved.`);
    await expect(tier).toContainText("22.5% off");

    page.once("dialog", (dialog) => dialog.accept());
    await tier.getByRole("button", { name: `Delete tier ${name}` }).click();
    await expect(page.getByRole("status")).toHaveText(`Tier “${name}” deleted.`);
    await expect(page.getByRole("listitem", { name: `Tier ${name}` })).toHaveCount(0);
  });

  for (const [width, viewport] of Object.entries(WIDTHS)) {
    test(`screenshot at ${width} width`, async ({ page, seed, shopId }) => {
      await page.setViewportSize(viewport);
      await signInAsSeller(page, seed.seller.email, seed.seller.password);
      await page.goto(`/dashboard/${shopId}/resellers`);
      await expect(page.getByRole("row", { name: seed.reseller.email, exact: true })).toBeVisible();
      await page.screenshot({ path: `test-results/screens/resellers-list-${width}.png`, fullPage: true });
      await expectNoSidewaysScroll(page, "the resellers list");
    });
  }
});
