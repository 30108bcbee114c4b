import { randomBytes } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { holdRatesStandIn } from "../support/rates";
import { expect, test } from "../support/browser";
import { startCardStandIn } from "../support/cardproc-standin";
import { createCustomField } from "../support/catalog";
import { screenshotAtWidths, screenshots } from "../support/dashboard";
import { buyerEmail, enableGateways, paymentSucceeded, postEvent, signedEvent } from "../support/checkout";
import { WIDTHS, addToCart, expectPageFits, openFromHome, saleProduct, shopSubdomain, type SaleProduct } from "../support/storefront";

/**
 * The storefront bought from in a real browser, at desktop and phone width:
 * the home, two products of this test, their variants into the browser's
 * cart, the calculator's answer to a coupon, the custom fields, the terms,
 * then BTC (the seller confirms) or the card processor's hosted page (its
 * webhook confirms), and the keys on the buyer's page; a blacklisted buyer
 * refused on the form; a sold-out variant that cannot be added, a private
 * product that is not there, an unlisted one there but not for search
 * engines, hostile seller HTML inert; the screenshots of home, product,
 * cart and checkout. Every storefront page seen fits the width and passes
 * axe. The demo shop is shared with other specs: every record here is this
 * test's own.
 */

type Sale = { subdomain: string; first: SaleProduct; second: SaleProduct; code: string; field: string };

/** Two products of two variants each (the first asks a custom field) and a 10% coupon on both. */
async function prepareSale(seller: APIRequestContext, shopId: number): Promise<Sale> {
  await enableGateways(seller, shopId);
  const field = await createCustomField(seller, shopId, { name: `Gamer tag ${randomBytes(4).toString("hex")}`, is_required: true });
  const first = await saleProduct(
    seller,
    shopId,
    "Console",
    [
      { name: "Alpha", price: "12.00", keys: 3 },
      { name: "Beta", price: "20.00", keys: 3 },
    ],
    { custom_field_ids: [field.id] },
  );
  const second = await saleProduct(seller, shopId, "Handheld", [
    { name: "Gamma", price: "8.00", keys: 2 },
    { name: "Delta", price: "5.00", keys: 2 },
  ]);
  const code = `SF-${randomBytes(5).toString("hex")}`;
  const coupon = await seller.post(`/v1/shops/${shopId}/coupons`, {
    data: { code, type: "percentage", discount: 10, products: [first.id, second.id] },
  });
  expect(coupon.status(), await coupon.text()).toBe(201);
  return { subdomain: await shopSubdomain(seller, shopId), first, second, code, field: field.name };
}

/** A figure of the checkout's summary (Subtotal, Coupon, Total). */
const summary = (page: Page, label: string) =>
  page
    .locator("form div:has(> dt)")
    .filter({ has: page.locator("dt", { hasText: new RegExp(`^${label}$`) }) })
    .locator("dd");

/**
 * From the home to the filled checkout form: Alpha ×1 and Beta ×2 of the
 * first product, Gamma and Delta of the second (65.00), a wrong coupon
 * refused, the right one applied (−6.50), the custom field answered, the
 * terms accepted. Returns what the form shows.
 */
async function fillCheckout(page: Page, sale: Sale, email: string, gateway: "Bitcoin" | "Card") {
  await openFromHome(page, sale.subdomain, sale.first.name);
  await expect(page.getByText(`At checkout you will be asked for: ${sale.field}.`)).toBeVisible();
  await addToCart(page, "Alpha", 1);
  await addToCart(page, "Beta", 2);
  await expectPageFits(page, "a product page");
  await openFromHome(page, sale.subdomain, sale.second.name);
  await addToCart(page, "Gamma", 1);
  await addToCart(page, "Delta", 1);

  await page.getByRole("link", { name: "Cart, 5 items" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your cart" })).toBeVisible();
  await expect(summary(page, "Subtotal")).toHaveText("65.00 USD");
  await expect(summary(page, "Total")).toHaveText("65.00 USD");
  await expectPageFits(page, "the cart");

  const couponInput = page.getByLabel("Coupon", { exact: true });
  await couponInput.fill(`NOPE-${randomBytes(4).toString("hex")}`);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("Coupon refused: The selected coupon is invalid.")).toBeVisible();
  await expect(summary(page, "Total")).toHaveText("65.00 USD");
  await couponInput.fill(sale.code);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText(`Coupon ${sale.code} applied: −6.50`)).toBeVisible();
  await expect(summary(page, "Coupon")).toHaveText("−6.50");
  await expect(summary(page, "Total")).toHaveText("58.50 USD");

  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByRole("radio", { name: gateway, exact: true }).check();
  await page.getByLabel(sale.field, { exact: true }).fill("pixel_hero");
  await page.getByRole("checkbox", { name: /I accept the shop's terms of sale/ }).check();
  await expectPageFits(page, "the filled checkout form");
  return {
    subtotal: await summary(page, "Subtotal").textContent(),
    coupon: await summary(page, "Coupon").textContent(),
    total: await summary(page, "Total").textContent(),
  };
}

/** The order as the API has it equals what the checkout form showed; the buyer page shows the same total. */
async function expectOrderAsShown(
  page: Page,
  anonymous: APIRequestContext,
  seller: APIRequestContext,
  shopId: number,
  shown: Awaited<ReturnType<typeof fillCheckout>>,
  sale: Sale,
) {
  const uniqueId = new URL(page.url()).pathname.split("/").pop()!;
  await expect(page.getByRole("heading", { name: `Order ${uniqueId}` })).toBeVisible();
  const buyerView = await (await anonymous.get(`/v1/buyer/invoices/${uniqueId}`)).json();
  expect(shown).toEqual({
    subtotal: `${buyerView.subtotal} ${buyerView.currency}`,
    coupon: `−${buyerView.coupon_discount}`,
    total: `${buyerView.total} ${buyerView.currency}`,
  });
  expect(buyerView).toMatchObject({ coupon_code: sale.code, promotion_discount: "0.00" });
  await expect(page.locator("dl div", { hasText: /^Total/ }).locator("dd")).toHaveText(shown.total!);
  const invoice = await (await seller.get(`/v1/shops/${shopId}/invoices/${uniqueId}`)).json();
  expect(`${invoice.price} ${invoice.currency}`).toBe(shown.total);
  expect(invoice.custom_fields.map((field: { name: string; pivot: { value: string } }) => [field.name, field.pivot.value])).toEqual([
    [sale.field, "pixel_hero"],
  ]);
  expect(invoice.items.map((item: { variant_id: number; quantity: number }) => [item.variant_id, item.quantity]).sort()).toEqual(
    [
      [sale.first.variants[0]!.id, 1],
      [sale.first.variants[1]!.id, 2],
      [sale.second.variants[0]!.id, 1],
      [sale.second.variants[1]!.id, 1],
    ].sort(),
  );
  return invoice as { id: number; unique_id: string; price: string };
}

/** The keys each line bought, as the buyer page lists them once the order is completed. */
async function expectKeys(page: Page, sale: Sale) {
  await expect(page.getByTestId("order-status")).toHaveText("completed", { timeout: 15_000 });
  const bought = [
    ...sale.first.variants[0]!.keys.slice(0, 1),
    ...sale.first.variants[1]!.keys.slice(0, 2),
    ...sale.second.variants[0]!.keys.slice(0, 1),
    ...sale.second.variants[1]!.keys.slice(0, 1),
  ];
  await expect(page.getByTestId("delivered-key")).toHaveCount(bought.length);
  expect((await page.getByTestId("delivered-key").allTextContents()).sort()).toEqual(bought.sort());
  await expectPageFits(page, "the buyer's page with the keys");
}

for (const { label, viewport } of WIDTHS) {
  test.describe(`storefront purchase at ${label}`, () => {
    test.use({ viewport });

    test("BTC: browse, cart, coupon, custom field, terms, pay; the seller confirms and the keys show", async ({
      page,
      seller,
      anonymous,
      shopId,
    }) => {
      test.setTimeout(180_000); // the rates stand-in may be held by another worker for a while, and each page runs axe
      const sale = await prepareSale(seller, shopId);
      const shown = await fillCheckout(page, sale, buyerEmail(), "Bitcoin");
      // the buyer's page quotes the amount in the coin from the rate source's stand-in (held as a lock: e2e/support/rates.ts)
      const rates = await holdRatesStandIn();
      try {
        await page.getByRole("button", { name: "Pay now" }).click();
        await page.waitForURL(/\/invoice\/[A-Za-z0-9_-]+$/);
        await expect(page.getByTestId("order-status")).toHaveText("pending");
        await expect(page.getByTestId("pay-address")).toBeVisible();
      } finally {
        await rates.close();
      }
      const invoice = await expectOrderAsShown(page, anonymous, seller, shopId, shown, sale);

      const paid = await seller.post(`/v1/shops/${shopId}/invoices/${invoice.unique_id}/status`, { data: { status: "completed" } });
      expect(paid.status(), await paid.text()).toBe(200);
      await expectKeys(page, sale);
      // the cart was emptied by the checkout
      await page.goto(`/s/${sale.subdomain}/cart`);
      await expect(page.getByText("Your cart is empty.")).toBeVisible();
    });

    test("card: the buyer is sent to the processor's page; its webhook completes the order and the keys show", async ({
      page,
      seller,
      anonymous,
      shopId,
    }) => {
      test.setTimeout(180_000); // the processor's stand-in may be held by another worker for a while
      const sale = await prepareSale(seller, shopId);
      const shown = await fillCheckout(page, sale, buyerEmail(), "Card");
      // the processor's hosted page, which these machines cannot reach, answered by the browser
      await page.route("https://checkout.cardproc.test/**", (route) =>
        route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Card processor</title><h1>Pay by card</h1>" }),
      );
      // the checkout's answer, read on its way to the page (the page leaves at once)
      let answer: { invoice_url: string; url: string | null } | undefined;
      await page.route(`**/s/${sale.subdomain}/api/checkout`, async (route) => {
        const response = await route.fetch();
        answer = await response.json();
        await route.fulfill({ response });
      });
      const standIn = await startCardStandIn();
      try {
        await page.getByRole("button", { name: "Pay now" }).click();
        await expect.poll(() => answer?.url).toMatch(/^https:\/\/checkout\.cardproc\.test\/c\/pay\/cs_test_standin\d+$/);
        await page.waitForURL(answer!.url!);
        await expect(page.getByRole("heading", { name: "Pay by card" })).toBeVisible();
        expect(standIn.received.filter((request) => request.path === "/v1/checkout/sessions")).toHaveLength(1);
      } finally {
        await standIn.close();
      }

      // the processor's webhook, signed as the processor signs it, for the amount the invoice asks
      const uniqueId = new URL(answer!.invoice_url).pathname.split("/").pop()!;
      const pending = await (await seller.get(`/v1/shops/${shopId}/invoices/${uniqueId}`)).json();
      expect(pending).toMatchObject({ status: "pending", gateway: "CARDPROC" });
      const cents = Number(pending.price.replace(".", ""));
      const delivered = await postEvent(anonymous, shopId, signedEvent(paymentSucceeded(pending, shopId, cents)));
      expect(await delivered.json()).toMatchObject({ received: true, applied: "invoice completed" });

      // back from the processor to the success page: the invoice's buyer page
      await page.goto(new URL(answer!.invoice_url).pathname);
      await expectOrderAsShown(page, anonymous, seller, shopId, shown, sale);
      await expectKeys(page, sale);
    });

    test("a blacklisted buyer is refused on the checkout form and no order is made", async ({ page, seller, shopId }) => {
      await enableGateways(seller, shopId);
      const email = buyerEmail();
      const entry = await seller.post(`/v1/shops/${shopId}/blacklist`, { data: { type: "email", value: email, reason: "chargebacks" } });
      expect(entry.status(), await entry.text()).toBe(201);
      const product = await saleProduct(seller, shopId, "Blocked", [{ name: "Key", price: "9.00", keys: 1 }]);

      await openFromHome(page, await shopSubdomain(seller, shopId), product.name);
      await page.getByRole("button", { name: "Add to cart" }).click();
      await page.getByRole("link", { name: "View cart" }).click();
      await expect(summary(page, "Total")).toHaveText("9.00 USD");
      await page.getByLabel("Email", { exact: true }).fill(email);
      await page.getByRole("radio", { name: "Bitcoin", exact: true }).check();
      await page.getByRole("checkbox", { name: /I accept the shop's terms of sale/ }).check();
      await page.getByRole("button", { name: "Pay now" }).click();

      await expect(page.getByRole("alert").filter({ hasText: "This buyer cannot check out." })).toBeVisible();
      // on the field that matched
      await expect(page.getByLabel("Email", { exact: true }).locator("xpath=following-sibling::p[@role='alert']")).toHaveText(
        "This buyer cannot check out.",
      );
      await expect(page).toHaveURL(/\/cart$/);
      await expect(page.getByRole("button", { name: "Pay now" })).toBeEnabled();
      await expect(page.getByRole("link", { name: product.name })).toBeVisible();
      await expectPageFits(page, "the checkout form with the refusal");
      const invoices = await (await seller.get(`/v1/shops/${shopId}/invoices`, { params: { email, perPage: 5 } })).json();
      expect(invoices.data).toEqual([]);
    });
  });
}

for (const { label, viewport } of WIDTHS) {
  test.describe(`storefront pages at ${label}`, () => {
    test.use({ viewport });

    test("a sold-out variant cannot be added: the button is disabled and the reason shown", async ({ page, seller, shopId }) => {
      const product = await saleProduct(
        seller,
        shopId,
        "Sold out",
        [
          { name: "Spare", price: "4.00", keys: 2 },
          { name: "Gone", price: "6.00", keys: 0 },
        ],
        { out_of_stock_message: "Back next week" },
      );
      await openFromHome(page, await shopSubdomain(seller, shopId), product.name);
      const add = page.getByRole("button", { name: "Add to cart" });
      await expect(page.getByRole("radio", { name: /^Spare / })).toBeChecked();
      await expect(add).toBeEnabled();
      await page.getByRole("radio", { name: /^Gone / }).check();
      await expect(add).toBeDisabled();
      await expect(page.getByText("This variant is out of stock.")).toBeVisible();
      await expect(page.getByRole("row", { name: /^Gone / })).toContainText("Back next week");
      await add.click({ force: true });
      await expect(page.getByRole("link", { name: "Cart, empty" })).toBeVisible();
      await expect(page.getByText("Added to your cart.")).toHaveCount(0);
      await expectPageFits(page, "a product with a sold-out variant");
    });

    test("a private product is 404; an unlisted one is reachable and asks not to be indexed", async ({ page, seller, shopId }) => {
      const subdomain = await shopSubdomain(seller, shopId);
      const hidden = await saleProduct(seller, shopId, "Private", [{ name: "Key", price: "3.00", keys: 1 }], { visibility: "private" });
      const unlisted = await saleProduct(seller, shopId, "Unlisted", [{ name: "Key", price: "3.00", keys: 1 }], {
        visibility: "unlisted",
      });

      const missing = await page.goto(`/s/${subdomain}/product/${encodeURIComponent(hidden.path)}`);
      expect(missing?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: hidden.name })).toHaveCount(0);

      const found = await page.goto(`/s/${subdomain}/product/${encodeURIComponent(unlisted.path)}`);
      expect(found?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1, name: unlisted.name })).toBeVisible();
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /^noindex/);
      await expectPageFits(page, "an unlisted product");

      // neither is listed on the home
      await page.goto(`/s/${subdomain}`);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByRole("link", { name: unlisted.name })).toHaveCount(0);
      await expect(page.getByRole("link", { name: hidden.name })).toHaveCount(0);
    });

    test("a hostile description renders inert: no handler runs, no handler, style or javascript: link is in the page", async ({
      page,
      seller,
      shopId,
    }) => {
      const product = await saleProduct(seller, shopId, "Hostile", [{ name: "Key", price: "2.00", keys: 1 }], {
        description: [
          '<p>Fine print</p><img src=x onerror="window.__pwned=1">',
          "<script>window.__pwned=2</script>",
          '<a href="javascript:window.__pwned=3">x</a>',
          '<p style="position:fixed">Fixed</p>',
        ].join(""),
      });
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      await openFromHome(page, await shopSubdomain(seller, shopId), product.name);
      const description = page.locator(".storefront-prose");
      await expect(description).toContainText("Fine print");
      await page.waitForLoadState("load");

      const pwned = () => page.evaluate(() => (window as { __pwned?: unknown }).__pwned);
      expect(await pwned()).toBeUndefined();
      await description.getByText("x", { exact: true }).click();
      expect(await pwned()).toBeUndefined();
      await expect(page).toHaveURL(new RegExp(`/product/${product.path}$`));

      const handlers = await page.evaluate(() =>
        [...document.querySelectorAll("*")].flatMap((element) =>
          [...element.attributes]
            .filter((attribute) => /^on/i.test(attribute.name) || /^\s*javascript:/i.test(attribute.value))
            .map((attribute) => `${element.tagName} ${attribute.name}=${attribute.value}`),
        ),
      );
      expect(handlers).toEqual([]);
      await expect(description.locator("[style], script, [onerror]")).toHaveCount(0);
      await expect(description.getByText("Fixed")).toHaveCSS("position", "static");
      expect(await pwned()).toBeUndefined();
      expect(errors).toEqual([]);
      await expectPageFits(page, "a product with a hostile description");
    });
  });
}

test("screenshots: home, product, a filled cart and the checkout form, at 1280 and 375 px", async ({ page, seller, shopId }) => {
  await enableGateways(seller, shopId);
  const subdomain = await shopSubdomain(seller, shopId);
  const product = await saleProduct(seller, shopId, "Screens", [
    { name: "Standard", price: "14.00", keys: 3 },
    { name: "Deluxe", price: "24.00", keys: 3 },
  ]);
  await openFromHome(page, subdomain, product.name);
  await addToCart(page, "Standard", 1);
  await addToCart(page, "Deluxe", 1);

  await screenshotAtWidths(page, "storefront-home", `/s/${subdomain}`, async (at) => {
    // the home shows each group's first cards: this test's product may be on the catalog's pages only
    await expect(at.getByRole("heading", { level: 1 })).toBeVisible();
  });
  await screenshotAtWidths(page, "storefront-product", `/s/${subdomain}/product/${encodeURIComponent(product.path)}`, async (at) => {
    await expect(at.getByRole("link", { name: "Cart, 2 items" })).toBeVisible();
    await expect(at.getByRole("button", { name: "Add to cart" })).toBeEnabled();
  });
  await screenshotAtWidths(page, "storefront-cart", `/s/${subdomain}/cart`, async (at) => {
    await expect(at.locator("form dd").last()).toHaveText("38.00 USD");
  });
  await page.goto(`/s/${subdomain}/cart`);
  await page.getByLabel("Email", { exact: true }).fill(buyerEmail());
  await page.getByRole("radio", { name: "Bitcoin", exact: true }).check();
  await page.getByRole("checkbox", { name: /I accept the shop's terms of sale/ }).check();
  await page.getByRole("button", { name: "Pay now" }).scrollIntoViewIfNeeded();
  await screenshots(page, "storefront-checkout", async () => {
    await expect(page.getByRole("button", { name: "Pay now" })).toBeEnabled();
    await expect(page.locator("form dd").last()).toHaveText("38.00 USD");
  });
});

test("at 375 px, one press of Pay names every error: the empty required field with the rest, a refused coupon beside the button", async ({
  page,
  seller,
  shopId,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await enableGateways(seller, shopId);
  const field = await createCustomField(seller, shopId, { name: `Server ${randomBytes(4).toString("hex")}`, is_required: true });
  const product = await saleProduct(seller, shopId, "Errors", [{ name: "Key", price: "7.00", keys: 2 }], {
    custom_field_ids: [field.id],
    quantity_max: 5,
  });
  await openFromHome(page, await shopSubdomain(seller, shopId), product.name);
  await page.getByRole("button", { name: "Add to cart" }).click();
  await page.getByRole("link", { name: "View cart" }).click();
  await expect(summary(page, "Total")).toHaveText("7.00 USD");
  const pay = page.getByRole("button", { name: "Pay now" });

  // nothing filled: the e-mail, the terms and the required field, all after the first press
  await page.getByRole("radio", { name: "Bitcoin", exact: true }).check();
  await pay.click();
  await expect(page.getByText("The email field must be a valid email address.")).toBeVisible();
  await expect(page.getByText("Accept the terms to continue.")).toBeVisible();
  await expect(page.getByText(`The ${field.name} field is required.`)).toBeVisible();

  // a coupon the calculator refused, still in the order: the refusal is said beside the button, not only up at the coupon
  await page.getByLabel("Coupon", { exact: true }).fill(`NOPE-${randomBytes(4).toString("hex")}`);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("Coupon refused: The selected coupon is invalid.")).toBeVisible();
  await page.getByLabel("Email", { exact: true }).fill(buyerEmail());
  await page.getByLabel(field.name, { exact: true }).fill("eu-west");
  await page.getByRole("checkbox", { name: /I accept the shop's terms of sale/ }).check();
  await pay.click();
  await expect(page.getByRole("alert").filter({ hasText: "The selected coupon is invalid." })).toBeVisible();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(pay).toBeEnabled();

  // a quantity over the product's limit: the line says why, the totals show no figure, the field stays asked
  // (by role: the product page the buyer came from is kept in the document, hidden)
  await page.getByRole("spinbutton", { name: "Quantity" }).fill("6");
  await expect(page.getByText("The quantity may not be greater than 5.")).toBeVisible();
  await expect(summary(page, "Total")).toHaveText("—");
  await expect(page.getByLabel(field.name, { exact: true })).toHaveValue("eu-west");
  await expectPageFits(page, "the checkout form with its errors");
});

test("a product that is gone shows the shop's own 404 page, with the way back to its home", async ({ page, seller, shopId }) => {
  const subdomain = await shopSubdomain(seller, shopId);
  const answer = await page.goto(`/s/${subdomain}/product/gone-${randomBytes(4).toString("hex")}`);
  expect(answer?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "This page is not in the shop" })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Cart/ })).toBeVisible();
  await expect(page.getByRole("link", { name: "All products" })).toHaveAttribute("href", `/s/${subdomain}/products`);
  await expectPageFits(page, "the shop's 404 page");
  await page.getByRole("link", { name: "Continue shopping" }).click();
  await expect(page).toHaveURL(new RegExp(`/s/${subdomain}$`));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});
