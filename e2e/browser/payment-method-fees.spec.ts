import { BITCOIN_ADDRESS, buyerEmail, checkout } from "../support/checkout";
import { expect, test } from "../support/browser";
import { addPaymentMethod, ownShop } from "../support/payment-methods";
import { expectPageFits, saleProduct } from "../support/storefront";

/**
 * A payment method's fee or discount (fee_percent) as the buyer meets it: a
 * line of the cart's summary that follows the chosen gateway, and on the
 * buyer's page each method's total, then the line once one is chosen. In a
 * shop of its own: the demo shop's methods stay as other specs set them.
 */
test("the cart and the buyer's page show the chosen method's fee or discount", async ({ page, playwright, baseURL, anonymous, shopId }) => {
  const { client, shopId: shop, subdomain } = await ownShop(playwright, baseURL, anonymous, shopId);
  await addPaymentMethod(client, shop, { gateway: "MANUAL", fee_percent: 10 });
  await addPaymentMethod(client, shop, { gateway: "BTC", fee_percent: -5, settings: { bitcoin_address: BITCOIN_ADDRESS } });
  const product = await saleProduct(client, shop, "Fees", [{ name: "Key", price: "10.00", keys: 4 }]);
  const summary = (label: string) =>
    page
      .locator("form div:has(> dt)")
      .filter({ has: page.locator("dt", { hasText: new RegExp(`^${label}$`) }) })
      .locator("dd");

  await page.goto(`/s/${subdomain}/product/${product.path}`);
  // one variant: no variant to pick
  await page.getByLabel("Quantity", { exact: true }).fill("2");
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Added to your cart." })).toBeVisible();
  await page.goto(`/s/${subdomain}/cart`);
  // the first method is chosen at first: 20.00 and its 10 % fee
  await expect(page.getByRole("radio", { name: "Manual payment", exact: true })).toBeChecked();
  await expect(summary("Payment method fee")).toHaveText("2.00");
  await expect(summary("Total")).toHaveText("22.00 USD");
  await page.getByRole("radio", { name: "Bitcoin", exact: true }).check();
  await expect(summary("Payment method discount")).toHaveText("−1.00");
  await expect(summary("Total")).toHaveText("19.00 USD");
  await expectPageFits(page, "the cart with a payment method's discount");

  // an order without a gateway: each method says what the order costs with it, and the choice adds its line
  const response = await checkout(client, shop, {
    cart: [{ productId: product.id, variantId: product.variants[0]!.id, quantity: 2 }],
    email: buyerEmail(),
  });
  expect(response.status(), await response.text()).toBe(201);
  await page.goto(new URL((await response.json()).invoice_url).pathname);
  const methods = page.getByRole("group", { name: "Payment methods" });
  await expect(methods.getByRole("button", { name: "Manual payment · 22.00 USD" })).toBeVisible();
  await expect(methods.getByRole("button", { name: "Bitcoin · 19.00 USD" })).toBeVisible();
  await methods.getByRole("button", { name: "Manual payment · 22.00 USD" }).click();
  await expect(page.getByText("Payment method fee")).toBeVisible();
  await expect(
    page
      .locator("dl div")
      .filter({ hasText: /^Total/ })
      .locator("dd"),
  ).toHaveText("22.00 USD");
});
