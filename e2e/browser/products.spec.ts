import { expect, test } from "../support/browser";
import { screenshotAtWidths } from "../support/dashboard";
import { createProduct, uniqueName } from "../support/catalog";

test.use({ signedIn: true });

test.describe("products pages", () => {
  test("creates a serial product, adds serials in bulk, removes one, edits and deletes it", async ({ page, seller, shopId }) => {
    await page.goto(`/dashboard/${shopId}/products`);
    await page.getByRole("link", { name: "New product" }).click();
    const form = page.getByRole("form", { name: "New product" });
    await form.getByRole("button", { name: "Create product" }).click();
    await expect(form.getByText("The name field is required.")).toBeVisible();

    const name = uniqueName("Game key");
    await form.getByLabel("Name", { exact: true }).fill(name);
    await form.getByLabel("Variant name").fill("Standard");
    await form.getByLabel("Price").fill("4.50");
    await form.getByRole("button", { name: "Create product" }).click();
    await expect(page).toHaveURL(/\/products\/\d+\?created=1$/);
    const productId = Number(new URL(page.url()).pathname.split("/").pop());
    await expect(page.getByRole("status")).toHaveText("Product created. Add its stock below.");

    const stock = page.getByRole("region", { name: "Stock of Standard" });
    const tag = uniqueName("KEY").replace(/\s+/g, "-");
    await stock.getByLabel("Add serials to Standard").fill(`${tag}-A\n${tag}-B\n\n${tag}-C\n${tag}-A\n`);
    await stock.getByRole("button", { name: "Add serials" }).click();
    await expect(stock.getByRole("status")).toHaveText("3 serials added, 1 duplicate skipped.");
    await expect(stock.getByTestId("variant-stock")).toHaveText("3 serials in stock");
    await expect(page.getByTestId("product-stock")).toHaveText("serials · 3 in stock");
    const serials = stock.getByRole("list", { name: "Unsold serials of Standard" });
    await expect(serials.getByRole("listitem")).toHaveCount(3);

    page.once("dialog", (dialog) => dialog.accept());
    await serials.getByRole("button", { name: `Remove serial ${tag}-B` }).click();
    await expect(stock.getByRole("status")).toHaveText("1 serial removed.");
    await expect(stock.getByTestId("variant-stock")).toHaveText("2 serials in stock");
    await expect(serials.getByRole("listitem")).toHaveCount(2);
    const unsold = await (
      await seller.get(
        `/v1/shops/${shopId}/products/${productId}/deliverables/${(await (await seller.get(`/v1/shops/${shopId}/products/${productId}`)).json()).variants[0].id}`,
      )
    ).json();
    expect(unsold.deliverables).toEqual([`${tag}-A`, `${tag}-C`]);

    // editing keeps the variant (its id), so its stock stays
    const details = page.getByRole("form", { name: "Product details" });
    const renamed = uniqueName("Game key renamed");
    await details.getByLabel("Name", { exact: true }).fill(renamed);
    await details.getByLabel("Price").fill("5.00");
    await details.getByRole("button", { name: "Save product" }).click();
    await expect(page.getByRole("status").first()).toHaveText("Product saved.");
    await expect(page.getByRole("heading", { name: renamed })).toBeVisible();
    await expect(stock.getByTestId("variant-stock")).toHaveText("2 serials in stock");

    await page.getByRole("link", { name: "← Products" }).click();
    await page.getByLabel("Search products by name").fill(renamed);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/[?&]name=/);
    // only the header and the one match: the filtered list has replaced the unfiltered one
    await expect(page.getByRole("row")).toHaveCount(2);
    const row = page.getByRole("row", { name: new RegExp(renamed) });
    await expect(row).toContainText("2 in stock");
    await expect(row).toContainText("5.00");

    page.once("dialog", (dialog) => dialog.accept());
    await row.getByRole("button", { name: `Delete ${renamed}` }).click();
    await expect(page.getByRole("status")).toHaveText(`Product “${renamed}” deleted.`);
    await expect(page.getByText("No product matches this name.")).toBeVisible();
  });

  test("adds and removes variants, sets service stock, needs a URL per dynamic variant, deletes the product", async ({
    page,
    seller,
    shopId,
  }) => {
    const product = await createProduct(seller, shopId, { deliverables_type: "service", variants: [{ name: "Hour", price: 20 }] });
    await page.goto(`/dashboard/${shopId}/products/${product.id}`);
    const details = page.getByRole("form", { name: "Product details" });
    await details.getByRole("button", { name: "Add variant" }).click();
    const second = details.getByRole("group", { name: "Variant 2" });
    await second.getByLabel("Variant name").fill("Day");
    await second.getByLabel("Price").fill("120");
    await details.getByRole("button", { name: "Save product" }).click();
    await expect(page.getByRole("status").first()).toHaveText("Product saved.");
    await expect(page.getByRole("region", { name: "Stock of Day" })).toBeVisible();

    const day = page.getByRole("region", { name: "Stock of Day" });
    await expect(day.getByTestId("variant-stock")).toHaveText("Unlimited");
    await day.getByLabel("Units of Day in stock").fill("7");
    await day.getByRole("button", { name: "Set stock" }).click();
    await expect(day.getByRole("status")).toHaveText("Stock set to 7.");
    await expect(day.getByTestId("variant-stock")).toHaveText("7 in stock");

    page.once("dialog", (dialog) => dialog.accept());
    await details.getByRole("button", { name: "Remove variant 1" }).click();
    await details.getByLabel("Delivery").selectOption("dynamic");
    await details.getByRole("button", { name: "Save product" }).click();
    await expect(details.getByText("The variants.0.dynamic_url field is required when deliverables type is dynamic.")).toBeVisible();
    await details.getByLabel("Dynamic URL").fill("https://example.test/deliver");
    await details.getByRole("button", { name: "Save product" }).click();
    await expect(page.getByRole("status").first()).toHaveText("Product saved.");
    await expect(page.getByText("they never run out of stock")).toBeVisible();
    const stored = await (await seller.get(`/v1/shops/${shopId}/products/${product.id}`)).json();
    expect(stored).toMatchObject({
      deliverables_type: "dynamic",
      variants: [{ name: "Day", dynamic_url: "https://example.test/deliver" }],
    });

    page.once("dialog", (dialog) => dialog.accept());
    await page.getByRole("button", { name: "Delete product" }).click();
    await expect(page).toHaveURL(/\/products\?deleted=/);
    await expect(page.getByRole("status")).toHaveText(`Product “${product.name}” deleted.`);
    expect((await seller.get(`/v1/shops/${shopId}/products/${product.id}`)).status()).toBe(404);
  });

  test("screenshots", async ({ page, seller, shopId }) => {
    const product = await createProduct(seller, shopId, {
      variants: [
        { name: "Standard", price: 9.99 },
        { name: "Deluxe", price: 19.99 },
      ],
    });
    await seller.put(`/v1/shops/${shopId}/products/${product.id}/deliverables/append/${product.variants[0].id}`, {
      data: { deliverables: Array.from({ length: 25 }, (_, i) => `SCREEN-${product.id}-${String(i).padStart(3, "0")}-XXXX-YYYY-ZZZZ`) },
    });
    await screenshotAtWidths(page, "products-list", `/dashboard/${shopId}/products`, async (p) => {
      await expect(p.getByRole("table", { name: "Products" })).toBeVisible();
    });
    await screenshotAtWidths(page, "products-new", `/dashboard/${shopId}/products/new`, async (p) => {
      await expect(p.getByRole("group", { name: /Custom fields asked at checkout/ })).toBeVisible();
    });
    await screenshotAtWidths(page, "products-edit", `/dashboard/${shopId}/products/${product.id}`, async (p) => {
      await expect(p.getByRole("list", { name: "Unsold serials of Standard" }).getByRole("listitem")).toHaveCount(20);
    });
  });
});
