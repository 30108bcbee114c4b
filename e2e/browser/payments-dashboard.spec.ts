import { enableGateways, stockedProduct, BITCOIN_ADDRESS, CARDPROC_API_KEY, CARDPROC_WEBHOOK_SECRET } from "../support/checkout";
import { expect, test } from "../support/browser";

test.use({ signedIn: true });

/** The gateways' settings and the checkout-link helper in the dashboard. */
test.describe("payments in the dashboard", () => {
  test.beforeEach(async ({ seller, shopId }) => enableGateways(seller, shopId));

  test("no response a dashboard page load makes carries a stored secret", async ({ page, shopId }) => {
    const bodies: Promise<{ url: string; text: string }>[] = [];
    page.on("response", (response) => {
      bodies.push(
        response
          .text()
          .then((text) => ({ url: response.url(), text }))
          .catch(() => ({ url: response.url(), text: "" })), // redirects have no body
      );
    });
    for (const path of ["", "/payments", "/invoices", "/products", "/checkout-link"]) {
      await page.goto(`/dashboard/${shopId}${path}`);
      await page.waitForLoadState("networkidle");
    }
    const seen = await Promise.all(bodies);
    expect(seen.some(({ url }) => url.endsWith("/v1/shops"))).toBe(true);
    for (const { url, text } of seen) {
      expect(text, url).not.toContain(CARDPROC_API_KEY);
      expect(text, url).not.toContain(CARDPROC_WEBHOOK_SECRET);
    }
  });

  test("gateway settings: errors at the fields, secrets never shown", async ({ page, shopId }) => {
    await page.goto(`/dashboard/${shopId}/payments`);
    const address = page.getByLabel("Bitcoin address");
    await expect(address).toHaveValue(BITCOIN_ADDRESS);
    await expect(page.getByLabel("Card processor secret key")).toHaveValue("");
    await expect(page.getByLabel("Card processor secret key")).toHaveAttribute("placeholder", /Saved \(hidden\)/);
    await expect(page.getByText(`/v1/payments/cardproc/${shopId}/webhook`)).toBeVisible();

    await address.fill("not an address");
    await page.getByRole("button", { name: "Save payment settings" }).click();
    await expect(page.getByText("The bitcoin address is not a valid address.")).toBeVisible();
    await address.fill(BITCOIN_ADDRESS);
    await page.getByRole("button", { name: "Save payment settings" }).click();
    await expect(page.getByText("Payment settings saved.")).toBeVisible();
  });

  test("the payment methods are listed in the shop's order, each with its switch and moves", async ({ page, shopId }) => {
    await page.goto(`/dashboard/${shopId}/payments`);
    const list = page.getByTestId("payment-methods");
    // enableGateways enables CARDPROC, BTC, LTC, MANUAL in that order, the seed's other codes disabled after them
    // (changing the order here would race the specs beside this one)
    for (const [index, gateway] of ["CARDPROC", "BTC", "LTC", "MANUAL"].entries()) {
      await expect(list.getByRole("listitem").nth(index)).toContainText(gateway);
      await expect(page.getByRole("switch", { name: `${gateway} enabled` })).toHaveAttribute("aria-checked", "true");
    }
    await expect(page.getByRole("button", { name: "Move CARDPROC up" })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Move BTC up" })).toBeEnabled();
  });

  test("the checkout-link helper shows the call and makes a checkout the buyer can open", async ({ page, seller, shopId }) => {
    const product = await stockedProduct(seller, shopId, { serials: 2, price: 3 });
    await page.goto(`/dashboard/${shopId}/checkout-link`);
    await page.getByLabel("Product and variant").selectOption(`${product.productId}:${product.variantId}`);
    const email = `link-${Date.now().toString(36)}@example.test`;
    await page.getByLabel("Buyer email").fill(email);
    await page.getByLabel("Gateway").selectOption("MANUAL");
    const curl = page.getByTestId("checkout-curl");
    await expect(curl).toContainText(`/v1/shops/${shopId}/checkout`);
    await expect(curl).toContainText(`"email": "${email}"`);
    await expect(curl).toContainText(`"variantId": ${product.variantId}`);

    await page.getByRole("button", { name: "Create checkout link" }).click();
    const link = page.getByTestId("checkout-link");
    await expect(link).toHaveText(/\/invoice\/[A-Za-z0-9_-]+$/);
    await link.click();
    await expect(page.getByTestId("order-status")).toHaveText("pending");
    await expect(page.getByText(`For ${email}`)).toBeVisible();
  });
});
