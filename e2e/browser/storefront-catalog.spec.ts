import { expect, test } from "../support/browser";
import { createProduct, uniqueName } from "../support/catalog";
import { createShopAs, newShopOwner } from "../support/shops";
import { expectPageFits } from "../support/storefront";
import type { GroupView } from "../../lib/groups/schemas";

/**
 * The bounded home and the catalog's pages at phone width, by keyboard: a
 * shop of the test's own with a group of 13 and 37 products of no group (two
 * catalog pages), its home's "See all" link followed with Enter to where the
 * section starts, the page numbers, and each page fitting the width with no
 * serious axe finding. What the pages hold is e2e/api/storefront-catalog.spec.ts's.
 */
test.use({ viewport: { width: 375, height: 812 } });

test("at 375 px: the home's See all link opens the catalog at its section, and the page numbers lead on", async ({
  page,
  playwright,
  baseURL,
  anonymous,
  shopId,
}) => {
  test.setTimeout(120_000);
  const owner = await newShopOwner(playwright, baseURL, anonymous, shopId);
  const shop = await createShopAs(owner.client);
  const created = await owner.client.post(`/v1/shops/${shop.id}/groups`, { data: { name: uniqueName("Consoles") } });
  expect(created.status(), await created.text()).toBe(201);
  const group = (await created.json()) as GroupView;
  const bodies = [
    ...Array.from({ length: 13 }, () => ({ name: uniqueName("Console"), group_id: group.id })),
    ...Array.from({ length: 37 }, () => ({ name: uniqueName("Loose") })),
  ];
  for (let start = 0; start < bodies.length; start += 6) {
    await Promise.all(bodies.slice(start, start + 6).map((body) => createProduct(owner.client, shop.id, body)));
  }

  const seeAll = page.getByRole("link", { name: "See all 37 products" });
  await expect(async () => {
    await page.goto(`/s/${shop.subdomain}`);
    await expect(seeAll).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByRole("link", { name: "See all 13 products" })).toBeVisible();
  await expectPageFits(page, "the bounded home");

  await seeAll.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/s/${shop.subdomain}/products#ungrouped$`));
  await expect(page.getByRole("heading", { level: 1, name: "All products" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "More products" })).toBeInViewport();
  const pages = page.getByRole("navigation", { name: "Pages" });
  await expect(pages.getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
  await expectPageFits(page, "the catalog's first page");

  await pages.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(new RegExp(`/s/${shop.subdomain}/products/2$`));
  await expect(page).toHaveTitle(`All products, page 2 · ${shop.name}`);
  await expect(pages.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
  // the last two of the 50 products, under their section's heading again
  await expect(page.getByRole("region", { name: "More products" }).getByRole("listitem")).toHaveCount(2);
  await expectPageFits(page, "the catalog's last page");
});
