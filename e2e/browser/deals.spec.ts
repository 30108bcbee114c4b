import type { SellerPage } from "../../lib/api/schemas";
import type { QuantityDealView } from "../../lib/deals/schemas";
import { expect, test } from "../support/browser";
import { createProduct } from "../support/catalog";
import { screenshots, signIn } from "../support/dashboard";
import { uniqueName } from "../support/promotions";

test.describe("dashboard: deals and offers", () => {
  test("creates, edits, disables and deletes a quantity deal, with validation errors at the fields", async ({ page, seller, shopId }) => {
    await signIn(page);
    await page.goto(`/dashboard/${shopId}/deals`);
    await expect(page.getByRole("heading", { name: "Deals & offers" })).toBeVisible();
    await screenshots(page, "deals-list", async () => {
      await expect(page.getByRole("table", { name: "Quantity deals" })).toBeVisible();
      await expect(page.getByRole("table", { name: "Bundle offers" })).toBeVisible();
    });

    const name = uniqueName("Browser deal");
    await page.getByRole("button", { name: "New quantity deal" }).click();
    const dialog = page.getByRole("dialog", { name: "New quantity deal" });
    await dialog.getByLabel("Name", { exact: true }).fill(name);
    await dialog.getByLabel("Product").selectOption({ label: "Steam Game Key" });
    await dialog.getByLabel("Buy quantity").fill("2");
    await dialog.getByLabel("Discounted quantity").fill("1");
    const percentage = dialog.getByLabel("Percentage off");
    await percentage.fill("0");
    await dialog.getByRole("button", { name: "Create deal" }).click();
    await expect(percentage).toHaveAttribute("aria-invalid", "true");
    await expect(percentage).toHaveAccessibleDescription("The percentage field must be at least 0.01.");
    await percentage.fill("150");
    await dialog.getByRole("button", { name: "Create deal" }).click();
    await expect(percentage).toHaveAccessibleDescription("The percentage field must not be greater than 100.");
    await screenshots(page, "deals-form", async () => {
      await expect(dialog.getByText("The percentage field must not be greater than 100.")).toBeVisible();
    });

    await percentage.fill("25");
    await dialog.getByRole("button", { name: "Create deal" }).click();
    await expect(page.getByRole("status").filter({ hasText: `Quantity deal “${name}” created.` })).toBeVisible();
    const row = page.getByRole("row", { name: new RegExp(name) });
    await expect(row).toContainText("Steam Game Key");
    await expect(row).toContainText("Buy 2, get 1 at 25% off");

    await row.getByRole("button", { name: `Edit ${name}` }).click();
    const edit = page.getByRole("dialog", { name: "Edit quantity deal" });
    await expect(edit.getByLabel("Percentage off")).toHaveValue("25");
    await edit.getByLabel("Percentage off").fill("30");
    await edit.getByRole("button", { name: "Save deal" }).click();
    await expect(row).toContainText("Buy 2, get 1 at 30% off");

    const deals = (await (await seller.get(`/v1/shops/${shopId}/quantity-deals?perPage=100`)).json()).data as {
      id: number;
      name: string;
      enabled: boolean;
      percentage: number;
    }[];
    const saved = deals.find((deal) => deal.name === name)!;
    expect(saved).toMatchObject({ percentage: 30, enabled: true });

    const toggle = row.getByRole("switch", { name: `Enabled: ${name}` });
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-checked", "false");
    expect((await (await seller.get(`/v1/shops/${shopId}/quantity-deals/${saved.id}`)).json()).enabled).toBe(false);

    page.once("dialog", (confirm) => confirm.accept());
    await row.getByRole("button", { name: `Delete ${name}` }).click();
    await expect(page.getByRole("status").filter({ hasText: `Quantity deal “${name}” deleted.` })).toBeVisible();
    await expect(row).toHaveCount(0);
    expect((await seller.get(`/v1/shops/${shopId}/quantity-deals/${saved.id}`)).status()).toBe(404);
  });

  test("creates a bundle offer from the shop's products", async ({ page, seller, shopId }) => {
    await signIn(page);
    await page.goto(`/dashboard/${shopId}/deals`);
    const name = uniqueName("Browser bundle");
    await page.getByRole("button", { name: "New bundle offer" }).click();
    const dialog = page.getByRole("dialog", { name: "New bundle offer" });
    await dialog.getByLabel("Name", { exact: true }).fill(name);
    await expect(dialog.getByRole("checkbox", { name: "Steam Game Key" })).toBeVisible();
    await dialog.getByRole("button", { name: "Create offer" }).click();
    await expect(dialog.getByText("The items field must have at least 1 item.")).toBeVisible();
    await dialog.getByLabel("Discount type").selectOption("fixed");
    await dialog.getByLabel("Discount (amount)").fill("4.50");
    await dialog.getByRole("checkbox", { name: "Steam Game Key" }).check();
    await dialog.getByRole("checkbox", { name: "1:1 Coaching Session" }).check();
    await dialog.getByRole("button", { name: "Create offer" }).click();
    await expect(page.getByRole("status").filter({ hasText: `Bundle offer “${name}” created.` })).toBeVisible();
    const row = page.getByRole("row", { name: new RegExp(name) });
    await expect(row).toContainText("Steam Game Key");
    await expect(row).toContainText("1:1 Coaching Session");
    await expect(row).toContainText("4.50 off");

    const offers = (await (await seller.get(`/v1/shops/${shopId}/bundle-offers?perPage=100`)).json()).data as {
      id: number;
      name: string;
      type: string;
      discount: number;
      items: number[];
    }[];
    const created = offers.find((offer) => offer.name === name)!;
    expect(created).toMatchObject({ type: "fixed", discount: 4.5 });
    expect(created.items).toHaveLength(2);
    expect((await seller.delete(`/v1/shops/${shopId}/bundle-offers/${created.id}`)).status()).toBe(200);
  });

  test("after the groups page, a new quantity deal offers the chosen product's variants", async ({ page, seller, shopId }) => {
    const product = await createProduct(seller, shopId, {
      name: uniqueName("Picker product"),
      variants: [
        { name: "Bronze", price: 4 },
        { name: "Silver", price: 7.5 },
      ],
    });
    const silver = product.variants.find((variant) => variant.name === "Silver")!;
    await signIn(page);
    // the groups page lists the shop's products as a picker too; the deals page is then reached in the same session
    await page.goto(`/dashboard/${shopId}/groups`);
    await expect(page.getByRole("form", { name: "New group" }).getByRole("checkbox", { name: product.name })).toBeVisible();
    await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Deals & offers" }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/${shopId}/deals$`));

    await page.getByRole("button", { name: "New quantity deal" }).click();
    const dialog = page.getByRole("dialog", { name: "New quantity deal" });
    await dialog.getByLabel("Product").selectOption({ label: product.name });
    const variant = dialog.getByLabel("Variant");
    await expect(variant).toBeEnabled();
    await expect(variant.getByRole("option")).toHaveText(["Any variant", "Bronze (4.00)", "Silver (7.50)"]);

    const name = uniqueName("Variant deal");
    await dialog.getByLabel("Name", { exact: true }).fill(name);
    await variant.selectOption({ label: "Silver (7.50)" });
    await dialog.getByLabel("Buy quantity").fill("3");
    await dialog.getByLabel("Discounted quantity").fill("1");
    await dialog.getByLabel("Percentage off").fill("50");
    await dialog.getByRole("button", { name: "Create deal" }).click();
    await expect(page.getByRole("status").filter({ hasText: `Quantity deal “${name}” created.` })).toBeVisible();
    await expect(page.getByRole("row", { name: new RegExp(name) })).toContainText(`${product.name} · Silver`);

    const deals = ((await (await seller.get(`/v1/shops/${shopId}/quantity-deals?perPage=100`)).json()) as SellerPage<QuantityDealView>)
      .data;
    const created = deals.find((deal) => deal.name === name)!;
    expect(created).toMatchObject({ product_id: product.id, variant_id: silver.id });
    expect((await seller.delete(`/v1/shops/${shopId}/quantity-deals/${created.id}`)).status()).toBe(200);
  });
});
