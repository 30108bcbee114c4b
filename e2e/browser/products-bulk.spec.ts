import { expect, test } from "../support/browser";
import { createProduct, uniqueName } from "../support/catalog";

test.use({ signedIn: true });

test("the product list ticks several products and sets their visibility at once", async ({ page, seller, shopId }) => {
  const tag = uniqueName("Bulk").replace(/\s+/g, "-");
  const [first, second, third] = await Promise.all(
    ["A", "B", "C"].map((letter) => createProduct(seller, shopId, { name: `${tag} ${letter}` })),
  );
  await page.goto(`/dashboard/${shopId}/products?name=${encodeURIComponent(tag)}`);
  await page.getByRole("checkbox", { name: `Select ${first!.name}` }).check();
  await page.getByRole("checkbox", { name: `Select ${second!.name}` }).check();
  await page.getByLabel("Visibility of the selected products").selectOption("private");
  await page.getByRole("button", { name: "Set visibility (2)" }).click();
  await expect(page.getByRole("status").filter({ hasText: "2 products set to private." })).toBeVisible();
  const visibility = async (id: number) => (await (await seller.get(`/v1/shops/${shopId}/products/${id}`)).json()).visibility;
  expect(await visibility(first!.id)).toBe("private");
  expect(await visibility(second!.id)).toBe("private");
  expect(await visibility(third!.id)).toBe("public");
});
