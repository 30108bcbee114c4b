import { expect, test } from "../support/browser";
import { expectAccessible } from "../support/axe";
import { screenshots } from "../support/dashboard";
import { uniqueName } from "../support/catalog";
import { OFFICIAL_THEMES } from "../../lib/storefront/theme";

test.use({ signedIn: true });

/** `#rrggbb` as a computed style writes it. */
const rgb = (hex: string) => `rgb(${[1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)).join(", ")})`;

test.describe("theme editor", () => {
  test("picks a preset, changes a colour with a live preview, saves, activates, and the storefront shows it", async ({
    page,
    seller,
    seed,
  }) => {
    test.setTimeout(120_000); // two widths of screenshots and axe runs, and two more pages, on a shared machine
    // The demo's own storefront is read by parallel tests: this one designs the seller's second shop.
    const outletId = seed.seller.shopIds[1]!;
    const name = uniqueName("Night shop");
    const created = await seller.post(`/v1/shops/${outletId}/themes`, { data: { name } });
    expect(created.status(), await created.text()).toBe(201);
    const theme = await created.json();

    await page.goto(`/dashboard/${outletId}/themes`);
    await page.getByRole("link", { name: `Design ${name}` }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Design “${name}”`);
    const form = page.getByRole("form", { name: `Edit ${name}` });
    const preview = page.locator('iframe[title="Storefront preview"]');
    await expect(preview).toHaveAttribute("sandbox", "");
    const button = page.frameLocator('iframe[title="Storefront preview"]').locator("#buy");
    await expect(button).toHaveCSS("background-color", rgb(OFFICIAL_THEMES.classic.colors.primary));

    await form.getByLabel("Preset").selectOption("midnight");
    const midnight = OFFICIAL_THEMES.midnight;
    await expect(form.getByLabel("Background colour", { exact: true })).toHaveValue(midnight.colors.background);
    await expect(form.getByLabel("Corner radius")).toHaveValue(midnight.radius);
    await expect(form.getByLabel("Font")).toHaveValue(midnight.font);
    await expect(preview).toHaveAttribute("srcdoc", new RegExp(`--sf-background:${midnight.colors.background}`));
    await expect(button).toHaveCSS("background-color", rgb(midnight.colors.primary));

    // A value that is no colour is refused by the form, with the API's message, and leaves the preview alone.
    const primary = form.getByLabel("Primary colour", { exact: true });
    await primary.fill("pink");
    await form.getByRole("button", { name: "Save theme" }).click();
    await expect(form.getByText("The colour must be #rrggbb, e.g. #2563eb.")).toBeVisible();
    await expect(button).toHaveCSS("background-color", rgb(midnight.colors.primary));

    const pink = "#f472b6";
    await primary.fill(pink);
    await expect(form.getByLabel("Primary colour picker")).toHaveValue(pink);
    await expect(button).toHaveCSS("background-color", rgb(pink));
    await expect(preview).toHaveAttribute("srcdoc", new RegExp(`--sf-primary:${pink}`));
    await form.getByRole("button", { name: "Save theme" }).click();
    await expect(page.getByRole("status")).toHaveText(`Theme “${name}” saved.`);
    const saved = await (await seller.get(`/v1/shops/${outletId}/themes/${theme.id}`)).json();
    expect(saved.template).toEqual({ ...midnight, colors: { ...midnight.colors, primary: pink } });

    await screenshots(page, "theme-editor", async () => {
      await expect(button).toHaveCSS("background-color", rgb(pink));
    });
    // axe cannot run inside a frame that runs no script: the preview's document is checked on a page of its own.
    const previewPage = await page.context().newPage();
    await previewPage.setContent((await preview.getAttribute("srcdoc"))!);
    await expectAccessible(previewPage, "the theme preview");
    await previewPage.close();

    await page.getByRole("button", { name: "Activate" }).click();
    await expect(page.getByRole("status")).toHaveText(`“${name}” is now the storefront's theme.`);
    await expect(page.getByRole("button", { name: "Active" })).toBeDisabled();

    // The storefront, in a page of its own (this test's last page stays the dashboard's, which axe checks).
    const storefront = await page.context().newPage();
    await expect(async () => {
      // the API test activates themes of this shop too: take it back if one did in between
      expect((await seller.post(`/v1/shops/${outletId}/themes/${theme.id}/activate`)).status()).toBe(200);
      await storefront.goto("/s/pixelkeys-outlet");
      const look = storefront.locator("header").locator("..");
      await expect(look).toHaveCSS("background-color", rgb(midnight.colors.background), { timeout: 1_000 });
      expect(await look.evaluate((element) => getComputedStyle(element).getPropertyValue("--sf-primary"))).toBe(pink);
    }).toPass({ timeout: 15_000 });
    await storefront.close();
  });
});
