/**
 * Screenshots of the demo storefront for the README (docs/images/storefront-*.png):
 * the home, a product page, the cart and the filled checkout, at 1280 px wide.
 *
 *   BASE_URL=http://127.0.0.1:3000 npx tsx e2e/scripts/storefront-screens.ts
 *
 * The server must run the demo data (`npm run app`). Uses Debian's Chromium like the tests.
 */
import { chromium } from "@playwright/test";

const BASE_URL = process.env.BASE_URL ?? "http://127.0.0.1:3000";
const OUT = "docs/images";

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 860 }, baseURL: BASE_URL });
  await page.goto("/s/pixelkeys");
  await page.getByRole("heading", { level: 1 }).waitFor();
  await page.screenshot({ path: `${OUT}/storefront-home.png` });

  await page.goto("/s/pixelkeys/product/steam-game-key");
  await page.getByRole("button", { name: "Add to cart" }).waitFor();
  await page.screenshot({ path: `${OUT}/storefront-product.png` });
  await page.getByRole("button", { name: "Add to cart" }).click();
  await page.goto("/s/pixelkeys/product/gift-card-instant");
  await page.getByRole("button", { name: "Add to cart" }).click();

  await page.goto("/s/pixelkeys/cart");
  await page.getByText("Total", { exact: true }).waitFor();
  // the live price has answered when the total shows an amount
  await page
    .locator("dl div", { hasText: /^Total/ })
    .getByText(/\d+\.\d\d/)
    .waitFor();
  await page.screenshot({ path: `${OUT}/storefront-cart.png` });

  await page.getByLabel("Email").fill("buyer@example.com");
  for (const field of await page.locator("form input[type=text]").all()) await field.fill("PixelFan#1234");
  for (const select of await page.locator("form select").all()) await select.selectOption({ index: 1 });
  await page.getByRole("checkbox").check();
  await page.screenshot({ path: `${OUT}/storefront-checkout.png`, fullPage: true });
} finally {
  await browser.close();
}
