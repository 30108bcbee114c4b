import { expect, test } from "../support/browser";

test.describe("dashboard sign-in and API keys", () => {
  test("signs in, shows the shops, creates a key that works and revokes it", async ({ page, request, seed }) => {
    const { seller } = seed;
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login$/);

    await page.getByLabel("Email").fill(seller.email);
    await page.getByLabel("Password").fill("wrong-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    // (Next's route announcer is an alert too: name the message)
    await expect(page.getByRole("alert").filter({ hasText: "These credentials do not match our records." })).toBeVisible();

    await page.getByLabel("Password").fill(seller.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/${seller.shopIds[0]}$`));
    const switcher = page.getByLabel("Shop");
    await expect(switcher.locator("option")).toHaveCount(seller.shopIds.length);
    await switcher.selectOption(String(seller.shopIds[1]));
    await expect(page).toHaveURL(new RegExp(`/dashboard/${seller.shopIds[1]}$`));

    await page.getByRole("link", { name: seller.email }).click();
    await page.getByRole("button", { name: "Create API key" }).click();
    await expect(page.getByText("The name field is required.")).toBeVisible();

    const name = `browser-${Date.now()}`;
    await page.getByLabel("New key name").fill(name);
    await page.getByRole("button", { name: "Create API key" }).click();
    const key = (await page.getByTestId("new-api-key").textContent())!.trim();
    expect(key).toMatch(/^sd_live_/);
    const withKey = { headers: { authorization: `Bearer ${key}` } };
    expect((await request.get("/v1/shops", withKey)).status()).toBe(200);

    page.once("dialog", (dialog) => dialog.accept());
    await page.getByRole("button", { name: `Revoke ${name}` }).click();
    await expect(page.getByRole("row", { name: new RegExp(name) }).getByText("Revoked")).toBeVisible();
    expect((await request.get("/v1/shops", withKey)).status()).toBe(401);

    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});
