import { readFile } from "node:fs/promises";
import { expect, test } from "../support/api";
import { expectAccessible } from "../support/axe";
import { BITCOIN_ADDRESS, buyerEmail, checkout, enableGateways, stockedProduct } from "../support/checkout";
import { holdRatesStandIn, type RatesStandIn } from "../support/rates";
import { expectNoSidewaysScroll } from "../support/layout";

/**
 * The buyer's page at phone width: a BTC checkout shows the amount in BTC
 * quoted from the exchange-rate source (its local stand-in, which this test
 * holds while it runs: e2e/support/rates.ts), the shop's address, a wallet
 * link and its QR code; when the seller confirms the payment the page turns
 * to completed by itself and shows the keys, each copyable, all
 * downloadable.
 */
test.use({ viewport: { width: 375, height: 812 } });

let standIn: RatesStandIn | undefined;
test.afterEach(async () => {
  await standIn?.close();
  standIn = undefined;
});

test("a buyer pays by BTC and gets the keys on the page, live, at 375 px", async ({ page, seller, shopId }) => {
  // Waiting for the stand-in's port may take as long as e2e/api/crypto-quote.spec.ts holds it.
  test.setTimeout(180_000);
  standIn = await holdRatesStandIn();
  await enableGateways(seller, shopId);
  const product = await stockedProduct(seller, shopId, { serials: 3, price: 15 });
  const response = await checkout(seller, shopId, {
    cart: [{ productId: product.productId, variantId: product.variantId, quantity: 2 }],
    email: buyerEmail(),
    gateway: "BTC",
  });
  expect(response.status(), await response.text()).toBe(201);
  const { unique_id: invoice_id, invoice_url } = await response.json();

  await page.goto(new URL(invoice_url).pathname);
  await expect(page.getByRole("heading", { name: `Order ${invoice_id}` })).toBeVisible();
  await expect(page.getByTestId("order-status")).toHaveText("pending");
  await expect(page.getByText("30.00 USD").first()).toBeVisible();
  await expect(page.getByTestId("pay-address")).toHaveText(BITCOIN_ADDRESS);
  // 30.00 USD at the stand-in's 67012.5 USD per BTC, rounded up to the satoshi
  await expect(page.getByTestId("pay-coin-amount")).toHaveText("0.00044768");
  const uri = `bitcoin:${BITCOIN_ADDRESS}?amount=0.00044768`;
  await expect(page.getByRole("link", { name: "Open in a wallet app" })).toHaveAttribute("href", uri);
  const qr = page.getByRole("img", { name: /QR code of the BTC payment/ });
  await expect(qr).toBeVisible();
  await expect(qr.locator("svg path").first()).toBeAttached();
  await expect(page.getByRole("timer")).toHaveText(/^1[45]:\d\d$/);
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.getByRole("button", { name: "Copy the amount in BTC" }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("0.00044768");
  await expectAccessible(page);
  await expectNoSidewaysScroll(page, "the buyer's page");

  // The seller confirms the payment; the open page follows without a reload.
  const paid = await seller.post(`/v1/shops/${shopId}/invoices/${invoice_id}/status`, { data: { status: "completed" } });
  expect(paid.status()).toBe(200);
  await expect(page.getByTestId("order-status")).toHaveText("completed", { timeout: 15_000 });
  await expect(page.getByTestId("delivered-key")).toHaveText(product.keys.slice(0, 2));
  await expectNoSidewaysScroll(page, "the buyer's page with the keys");

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

test("an order made without a gateway offers the shop's methods; choosing Bitcoin shows the address and the amount", async ({
  page,
  seller,
  shopId,
}) => {
  test.setTimeout(180_000);
  standIn = await holdRatesStandIn();
  await enableGateways(seller, shopId);
  const product = await stockedProduct(seller, shopId, { serials: 2, price: 15 });
  const response = await checkout(seller, shopId, {
    cart: [{ productId: product.productId, variantId: product.variantId, quantity: 2 }],
    email: buyerEmail(),
  });
  expect(response.status(), await response.text()).toBe(201);
  const { invoice_url } = await response.json();

  await page.goto(new URL(invoice_url).pathname);
  await expect(page.getByText("Choose how to pay.")).toBeVisible();
  const methods = page.getByRole("group", { name: "Payment methods" });
  await expect(methods.getByRole("button", { name: "Litecoin" })).toBeVisible();
  await expect(methods.getByRole("button", { name: "Card" })).toBeVisible();
  await expectAccessible(page);
  await methods.getByRole("button", { name: "Bitcoin" }).click();
  await expect(page.getByTestId("pay-address")).toHaveText(BITCOIN_ADDRESS);
  // 30.00 USD at the stand-in's 67012.5 USD per BTC, rounded up to the satoshi
  await expect(page.getByTestId("pay-coin-amount")).toHaveText("0.00044768");
  await expect(methods).toHaveCount(0);
});
