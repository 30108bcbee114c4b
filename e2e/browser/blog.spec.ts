import { expect, test } from "../support/browser";
import { signIn } from "../support/dashboard";
import { shopSubdomain } from "../support/storefront";

test.describe("blog", () => {
  test("the seller writes and publishes a post in the dashboard; a buyer reads it on the storefront", async ({ page, seller, shopId }) => {
    const title = `Browser post ${Date.now().toString(36)}`;
    const path = title.toLowerCase().replaceAll(" ", "-");
    await signIn(page);
    await page.goto(`/dashboard/${shopId}`);
    await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Blog" }).click();
    await expect(page.getByRole("heading", { name: "Blog", level: 1 })).toBeVisible();

    await page.getByRole("button", { name: "New post" }).click();
    const dialog = page.getByRole("dialog", { name: "New blog post" });
    const pathField = dialog.getByLabel("Path");
    await dialog.getByLabel("Title", { exact: true }).fill(title);
    await pathField.fill("Not A Path");
    await dialog.getByRole("button", { name: "Create post" }).click();
    await expect(pathField).toHaveAccessibleDescription(/lowercase letters, digits and single dashes/);
    await pathField.fill("");
    await dialog.getByLabel("Summary").fill("What the browser wrote");
    await dialog.getByLabel("Content (HTML)").fill("<p>Hello from the <strong>dashboard</strong></p><script>window.__pwned = 1</script>");
    await dialog.getByRole("button", { name: "Create post" }).click();
    await expect(page.getByRole("status").filter({ hasText: `Blog post “${title}” created as a draft.` })).toBeVisible();

    await page.getByLabel("Search titles").fill(title);
    await expect(page).toHaveURL(/title=/);
    const row = page.getByRole("row", { name: new RegExp(title) });
    await expect(row).toContainText("Draft");
    await row.getByRole("button", { name: `Publish ${title}` }).click();
    await expect(page.getByRole("status").filter({ hasText: `Blog post “${title}” published.` })).toBeVisible();
    await expect(row).toContainText("Published");

    const subdomain = await shopSubdomain(seller, shopId);
    await page.goto(`/s/${subdomain}`);
    await page.getByRole("navigation", { name: "Shop" }).getByRole("link", { name: "Blog" }).click();
    await expect(page.getByRole("heading", { name: "Blog", level: 1 })).toBeVisible();
    await page.getByRole("link", { name: new RegExp(title) }).click();
    await expect(page).toHaveURL(new RegExp(`/s/${subdomain}/blog/${path}$`));
    await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
    await expect(page.getByText("Hello from the dashboard")).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();

    const posts = await (await seller.get(`/v1/shops/${shopId}/blog-posts`, { params: { title } })).json();
    await seller.delete(`/v1/shops/${shopId}/blog-posts/${posts.data[0].id}`);
  });
});
