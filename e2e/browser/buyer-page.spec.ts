import { readFile } from "node:fs/promises";
import { expect, test } from "../support/api";
import { BITCOIN_ADDRESS, buyerEmail, checkout, enableGateways, stockedProduct } from "../support/checkout";

/**
 * The buyer's page at phone width: a BTC checkout shows the amount and the
 * shop's address; when the seller confirms the payment the page turns to
 * completed by itself and shows the keys, each copyable, all downloadable.
 */
test.use({ viewport: { width: 375, height: 812 } });

test("a buyer pays by BTC and gets the keys on the page, live, at 375 px", async ({ page, seller, shopId }) => {
  await enableGateways(seller, shopId);
  const product = await stockedProduct(seller, shopId, { serials: 3, price: 15 });
  const response = await checkout(seller, shopId, {
    cart: [{ productId: product.productId, variantId: product.variantId, quantity: 2 }],
    email: buyerEmail(),
    gateway: "BTC",
  });
  expect(response.status(), await response.text()).toBe(201);
  const { invoice_id, invoice_url } = await response.json();

  await page.goto(new URL(invoice_url).pathname);
  await expect(page.getByRole("heading", { name: `Order ${invoice_id}` })).toBeVisible();
  await expect(page.getByTestId("order-status")).toHaveText("pending");
  await expect(page.getByText("30.00 USD").first()).toBeVisible();
  await expect(page.getByTestId("pay-address")).toHaveText(BITCOIN_ADDRESS);
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(await overflow()).toBeLessThanOrEqual(0);

  // The seller confirms the payment; the open page follows without a reload.
  const paid = await seller.post(`/v1/shops/${shopId}/invoices/${invoice_id}/status`, { data: { status: "completed" } });
  expect(paid.status()).toBe(200);
  await expect(page.getByTestId("order-status")).toHaveText("completed", { timeout: 15_000 });
  await expect(page.getByTestId("delivered-key")).toHaveText(product.keys.slice(0, 2));
  expect(await overflow()).toBeLessThanOrEqual(0);

  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.getByRole("button", { name: /Copy key 1 of/ }).click();
  await expect(page.getByRole("button", { name: /Copy key 1 of/ })).toHaveText("Copied");
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download .txt" }).click()]);
  expect(download.suggestedFilename()).toBe(`order-${invoice_id}-keys.txt`);
  expect(await readFile((await download.path())!, "utf8")).toBe(`${product.keys.slice(0, 2).join("\n")}\n`);
});

test("an unknown order link says so", async ({ page }) => {
  await page.goto("/invoice/notARealOrderId123");
  await expect(page.getByText("This order link is not valid.")).toBeVisible();
});
