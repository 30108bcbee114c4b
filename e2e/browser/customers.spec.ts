import { randomBytes } from "node:crypto";
import { expect, test } from "../support/api";
import { signIn } from "../support/dashboard";
import { checkout, stockedProduct } from "../support/checkout";
import { createPendingInvoice, GIFT_CARD, seededVariantId } from "../support/invoices";

test.describe("dashboard: customers", () => {
  test("filters, bans one and several, shows a customer's invoices, exports with progress", async ({ page, seller, shopId }) => {
    const tag = randomBytes(4).toString("hex");
    const emails = ["ann", "ben", "cat"].map((name) => `${name}-${tag}@example.test`);
    for (const [index, email] of emails.entries()) {
      // ann is tagged vip; ben agrees to the newsletter at a checkout
      const data = index === 0 ? { email, tags: [`vip-${tag}`] } : { email };
      expect((await seller.post(`/v1/shops/${shopId}/customers`, { data })).status()).toBe(201);
    }
    const product = await stockedProduct(seller, shopId);
    const cart = [{ productId: product.productId, variantId: product.variantId, quantity: 1 }];
    const agreed = await checkout(seller, shopId, { cart, email: emails[1], newsletter: true });
    expect(agreed.status(), await agreed.text()).toBe(201);
    const variantId = await seededVariantId(seller, shopId, ...GIFT_CARD);
    const invoice = await createPendingInvoice(seller, shopId, [{ variant_id: variantId, quantity: 1 }], emails[0]);

    await signIn(page);
    await page.goto(`/dashboard/${shopId}/customers`);
    // the page's title, not the sidebar's "Customers" area
    await expect(page.getByRole("heading", { name: "Customers", level: 1 })).toBeVisible();
    await page.getByLabel("Search emails").fill(tag);
    await expect(page).toHaveURL(/email=/);
    await expect(page.getByRole("row")).toHaveCount(4);
    await page.getByLabel("Sort").selectOption("email:desc");
    await expect(page.getByRole("row").nth(1)).toContainText(emails[2]!);

    // the tag and newsletter filters, in the URL like the others
    await page.getByLabel("Tag").fill(`vip-${tag}`);
    await expect(page).toHaveURL(/tag=vip-/);
    await expect(page.getByRole("row")).toHaveCount(2);
    await expect(page.getByRole("row").nth(1)).toContainText(emails[0]!);
    await page.getByLabel("Tag").fill("");
    await page.getByLabel("Newsletter").selectOption({ label: "Agreed to the newsletter" });
    await expect(page).toHaveURL(/newsletter=1/);
    await expect(page.getByRole("row")).toHaveCount(2);
    await expect(page.getByRole("row").nth(1)).toContainText(emails[1]!);
    await page.getByLabel("Newsletter").selectOption({ label: "Any" });
    await expect(page.getByRole("row")).toHaveCount(4);

    // one ban from the row
    await page.getByRole("button", { name: `Ban ${emails[2]}`, exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: `${emails[2]} banned.` })).toBeVisible();
    await expect(page.getByRole("row", { name: new RegExp(emails[2]!) })).toContainText("banned");

    // bulk: select two, ban them
    await page.getByLabel(`Select ${emails[0]}`).check();
    await page.getByLabel(`Select ${emails[1]}`).check();
    await page.getByRole("button", { name: "Ban selected", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "2 customers banned." })).toBeVisible();
    await page.getByLabel("Status").selectOption("1");
    await expect(page.getByRole("row")).toHaveCount(4);

    // export the filtered list: progress counts its rows
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export customers" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Exported 3 rows" })).toBeVisible();
    expect((await download).suggestedFilename()).toMatch(new RegExp(`^customers-shop-${shopId}-\\d{8}\\.csv$`));

    // the detail page: totals, invoices, unban
    await page.getByRole("link", { name: emails[0] }).click();
    await expect(page.getByRole("heading", { name: emails[0] })).toBeVisible();
    await expect(page.getByRole("table", { name: "Invoices" })).toContainText(String(invoice.id));
    await page.getByRole("button", { name: "Unban customer" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Customer unbanned." })).toBeVisible();
    await expect(page.getByRole("button", { name: "Ban customer", exact: true })).toBeVisible();
  });

  test("the invoices list exports what its filters show", async ({ page, seller, shopId }) => {
    const email = `export-ui-${randomBytes(4).toString("hex")}@example.test`;
    const variantId = await seededVariantId(seller, shopId, ...GIFT_CARD);
    await createPendingInvoice(seller, shopId, [{ variant_id: variantId, quantity: 1 }], email);
    await signIn(page);
    await page.goto(`/dashboard/${shopId}/invoices?email=${encodeURIComponent(email)}`);
    await expect(page.getByRole("table", { name: "Invoices" })).toContainText(email);
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export invoices" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Exported 1 rows" })).toBeVisible();
    expect((await download).suggestedFilename()).toMatch(/^invoices-shop-\d+-\d{8}\.csv$/);
  });
});
