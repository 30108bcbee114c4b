import { expect, test } from "../support/browser";
import { screenshotAtWidths } from "../support/dashboard";
import { STEAM, completeInvoice, seededVariantId } from "../support/invoices";

test.use({ signedIn: true });

test.describe("dashboard: invoices", () => {
  test("filters invoices (kept in the URL), opens one, refunds it and sees it in the list", async ({ page, seller, shopId }) => {
    const tag = `inv${Date.now().toString(36)}`;
    const variantId = await seededVariantId(seller, shopId, ...STEAM);
    const created = await seller.post(`/v1/shops/${shopId}/invoices`, {
      data: { email: `${tag}@example.test`, items: [{ variant_id: variantId, quantity: 1 }] },
    });
    expect(created.status(), await created.text()).toBe(201);
    const invoice = await completeInvoice(seller, shopId, (await created.json()).id);

    await page.goto(`/dashboard/${shopId}/invoices`);
    await page.getByLabel("Email").fill(tag);
    await expect(page).toHaveURL(new RegExp(`email=${tag}`));
    await page.getByRole("button", { name: "completed", exact: true }).click();
    await expect(page).toHaveURL(/statuses=completed/);
    const row = page.getByRole("row", { name: new RegExp(`#${invoice.id}\\b`) });
    await expect(row).toBeVisible();
    await expect(page.getByRole("row")).toHaveCount(2); // the header and this invoice

    // the filtered view survives a reload
    await page.reload();
    await expect(page.getByLabel("Email")).toHaveValue(tag);
    await expect(page.getByRole("button", { name: "completed", exact: true })).toHaveAttribute("aria-pressed", "true");
    await expect(row).toBeVisible();

    await row.getByRole("link", { name: `#${invoice.id}` }).click();
    await expect(page.getByRole("heading", { name: `Invoice #${invoice.id}` })).toBeVisible();
    await expect(page.getByLabel(`Delivered for item ${invoice.items[0]!.id}`)).toContainText(invoice.items[0]!.delivered[0]!);

    page.once("dialog", (dialog) => dialog.accept());
    await page.getByRole("button", { name: "Refund", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "Invoice refunded." })).toBeVisible();
    await expect(page.getByRole("button", { name: "Undo refund" })).toBeVisible();
    expect((await (await seller.get(`/v1/shops/${shopId}/invoices/${invoice.id}`)).json()).status).toBe("refunded");

    // back in the list (same filters): no longer completed, listed as refunded
    await page.goBack();
    await expect(page.getByText("No invoices match these filters.")).toBeVisible();
    await page.getByRole("button", { name: "completed", exact: true }).click();
    await page.getByRole("button", { name: "refunded", exact: true }).click();
    await expect(row).toBeVisible();
    await expect(row.getByText("refunded")).toBeVisible();
  });

  test("sorts by a column, shows the seller's note, and a refused action shows the API's reason", async ({ page, seller, shopId }) => {
    await page.goto(`/dashboard/${shopId}/invoices`);
    const priceHeader = page.getByRole("columnheader", { name: /Price/ });
    await priceHeader.getByRole("button").click();
    await expect(page).toHaveURL(/orderColumn=price_usd/);
    await expect(priceHeader).toHaveAttribute("aria-sort", "descending");
    await priceHeader.getByRole("button").click();
    await expect(priceHeader).toHaveAttribute("aria-sort", "ascending");

    const variantId = await seededVariantId(seller, shopId, ...STEAM);
    const created = await seller.post(`/v1/shops/${shopId}/invoices`, {
      data: { email: `note-${Date.now()}@example.test`, items: [{ variant_id: variantId, quantity: 1 }] },
    });
    const pending = await created.json();
    await page.goto(`/dashboard/${shopId}/invoices/${pending.unique_id}`);
    await page.getByLabel("Private note").fill("Customer asked for a call");
    await page.getByRole("button", { name: "Save note" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Note saved." })).toBeVisible();
    expect((await (await seller.get(`/v1/shops/${shopId}/invoices/${pending.id}`)).json()).dashboard_note).toBe(
      "Customer asked for a call",
    );

    await page.getByLabel("Amount paid in USD").fill("-1");
    await page.getByRole("button", { name: "Save paid amount" }).click();
    await expect(page.getByRole("alert").filter({ hasText: /paid usd/i })).toBeVisible();
  });

  test("screenshots of the list and an invoice", async ({ page, shopId }) => {
    await screenshotAtWidths(page, "invoices-list", `/dashboard/${shopId}/invoices`, async (p) => {
      await expect(p.getByRole("table", { name: "Invoices" })).toBeVisible();
    });
    const first = await page.getByRole("table", { name: "Invoices" }).getByRole("link").first().getAttribute("href");
    await screenshotAtWidths(page, "invoices-invoice", first!, async (p) => {
      await expect(p.getByRole("heading", { name: /Invoice #/ })).toBeVisible();
      await expect(p.getByRole("heading", { name: "Items" })).toBeVisible();
    });
  });
});
