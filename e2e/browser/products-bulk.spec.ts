import { expect, test } from "../support/browser";
import { expectAccessible } from "../support/axe";
import { createProduct, uniqueName, type CreatedProduct } from "../support/catalog";
import { createShopAs, newShopOwner } from "../support/shops";

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

/**
 * Reorder mode in a shop of its own (the demo shop's catalog is everyone's):
 * one real mouse drag and one keyboard move, saved with one sort request;
 * the API's sort priorities, the reopened reorder list and the storefront's
 * home then show the new order.
 */
test("reorder mode drags and moves products and saves the storefront order", async ({
  browser,
  playwright,
  baseURL,
  anonymous,
  shopId,
}) => {
  const owner = await newShopOwner(playwright, baseURL, anonymous, shopId);
  const shop = await createShopAs(owner.client);
  const tag = uniqueName("Order").replace(/\s+/g, "-");
  const created: CreatedProduct[] = [];
  for (const letter of ["A", "B", "C"]) created.push(await createProduct(owner.client, shop.id, { name: `${tag} ${letter}` }));
  const [first, second, third] = created as [CreatedProduct, CreatedProduct, CreatedProduct];
  const context = await browser.newContext({ baseURL, storageState: await owner.client.storageState() });
  const page = await context.newPage();

  await page.goto(`/dashboard/${shop.id}/products`);
  await page.getByRole("button", { name: "Reorder", exact: true }).click();
  const list = page.getByRole("list", { name: "Products in storefront order" });
  const names = () => list.getByRole("listitem").locator("span.font-medium").allTextContents();
  await expect.poll(names).toEqual([first.name, second.name, third.name]);

  // a real drag: the third product's handle onto the first row
  const handle = page.getByRole("button", { name: `Drag ${third.name}` });
  const target = page.getByRole("button", { name: `Drag ${first.name}` });
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 10, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2 - 4, { steps: 15 });
  await page.mouse.up();
  await expect.poll(names).toEqual([third.name, first.name, second.name]);
  // the drop settles (no row lifted), and a plain click takes the one click dnd-kit swallows after a drag
  // whose mouse-up fired none, so the button below gets the next one
  await expect(list.locator(".shadow-md")).toHaveCount(0);
  await list.getByRole("listitem").first().locator("span.font-medium").click();

  // the keyboard: the first product's down button, announced
  await page.getByRole("button", { name: `Move ${first.name} down` }).click();
  await expect.poll(names).toEqual([third.name, second.name, first.name]);
  await expect(page.getByText(`${first.name} moved to position 3 of 3.`)).toHaveCount(1);
  await expect(page.getByRole("button", { name: `Move ${first.name} up` })).toBeFocused();

  await page.getByRole("button", { name: "Save order" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Order saved: 3 products in their new places." })).toBeVisible();
  const priority = async (id: number) => (await (await owner.client.get(`/v1/shops/${shop.id}/products/${id}`)).json()).sort_priority;
  expect([await priority(third.id), await priority(second.id), await priority(first.id)]).toEqual([0, 1, 2]);
  await page.getByRole("button", { name: "Reorder", exact: true }).click();
  await expect.poll(names).toEqual([third.name, second.name, first.name]);
  await expectAccessible(page, "the reorder mode");

  // the storefront's home is a cached page expired by the products' trigger: reloaded until it shows the new order
  await expect(async () => {
    await page.goto(`/s/${shop.subdomain}`);
    const cards = await page.getByRole("link").filter({ hasText: tag }).allTextContents();
    const order = [third, second, first].map((product) => cards.findIndex((text) => text.includes(product.name)));
    expect(order.every((index) => index >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((x, y) => x - y));
  }).toPass({ timeout: 20_000 });
  await context.close();
});
