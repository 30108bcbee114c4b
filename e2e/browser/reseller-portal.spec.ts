import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "../support/browser";
import { balanceOf, pickVariant, resellerClient } from "../support/reseller";
import { applicationTokenIn, approvedApplicant, portalClient, type Applicant } from "../support/reseller-portal";
import { holdSmtpListener } from "../support/smtp";
import { expectAccessible } from "../support/axe";
import { expectNoSidewaysScroll } from "../support/layout";

/**
 * The reseller portal in the browser. Tests that spend, rotate or deliver
 * work on a fresh reseller (applied with a password, approved and credited
 * by the seller through the API), so the seeded reseller's balance and
 * credentials stay as other spec files expect them.
 */

const WIDTHS = { desktop: { width: 1280, height: 900 }, phone: { width: 375, height: 812 } };

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/reseller/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Catalog" })).toBeVisible({ timeout: 20_000 });
}

/** The cheapest serial variant with stock, as the catalog names it. */
async function serialVariant(client: APIRequestContext) {
  const { productId, variant } = await pickVariant(
    client,
    (v) => v.deliverables_type === "serials" && v.stock >= 10 && v.reseller_price <= 25,
  );
  const product = (await (await client.get("/v1/reseller/products?perPage=100")).json()).data.find(
    (p: { id: number }) => p.id === productId,
  );
  return { productId, variant, label: `${product.name} · ${variant.name}` };
}

async function freshPortalReseller(
  anonymous: APIRequestContext,
  seller: APIRequestContext,
  shopId: number,
  credit: number,
): Promise<Applicant> {
  return approvedApplicant(anonymous, seller, shopId, credit);
}

test.describe("reseller portal", () => {
  test("the demo reseller signs in, buys a serial product and sees its keys, then signs out", async ({
    page,
    playwright,
    baseURL,
    seed,
  }) => {
    await page.goto("/reseller");
    await expect(page).toHaveURL(/\/reseller\/login$/);
    await page.getByLabel("Email").fill(seed.reseller.email);
    await page.getByLabel("Password").fill("wrong-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "do not match" })).toBeVisible();

    await signIn(page, seed.reseller.email, seed.reseller.password);
    const api = await resellerClient(playwright, baseURL, seed.reseller.apiKey);
    const { variant, label } = await serialVariant(api);
    const row = page.getByRole("listitem", { name: label, exact: true });
    await row.getByRole("button", { name: "Buy…" }).click();
    await row.getByLabel("Quantity").fill("2");
    const total = `$${((Math.round(variant.reseller_price * 100) * 2) / 100).toFixed(2)}`;
    await expect(row.getByTestId("buy-total")).toHaveText(total);
    await row.getByRole("button", { name: `Confirm purchase of ${total}` }).click();

    await expect(page).toHaveURL(/\/reseller\/orders\/\d+\?bought=1$/);
    await expect(page.getByRole("status").filter({ hasText: "charged to your balance" })).toBeVisible();
    await expect(page.getByTestId("delivered-key")).toHaveCount(2);
    await expect(page.getByRole("button", { name: "Copy all 2 keys" })).toBeVisible();
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download .txt" }).click();
    expect((await download).suggestedFilename()).toMatch(/^invoice-\d+-keys\.txt$/);

    await page.getByRole("link", { name: "Orders", exact: true }).click();
    await expect(page.getByRole("table", { name: "Your orders, newest first" })).toBeVisible();
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/reseller\/login$/);
    await api.dispose();
  });

  test("a double click on confirm charges once; balance and ledger show the one charge", async ({
    page,
    playwright,
    baseURL,
    anonymous,
    seller,
    shopId,
  }) => {
    const person = await freshPortalReseller(anonymous, seller, shopId, 100);
    const api = await portalClient(playwright, baseURL, person.email, person.password);
    const { variant, label } = await serialVariant(api);
    await signIn(page, person.email, person.password);

    const row = page.getByRole("listitem", { name: label, exact: true });
    await row.getByRole("button", { name: "Buy…" }).click();
    await row.getByRole("button", { name: /^Confirm purchase/ }).dblclick();
    await expect(page).toHaveURL(/\/reseller\/orders\/\d+/);
    await expect(page.getByTestId("delivered-key")).toHaveCount(1);

    const expected = Math.round((100 - variant.reseller_price) * 100) / 100;
    expect(await balanceOf(api)).toBe(expected);
    const ledger = await (await api.get("/v1/reseller/ledger")).json();
    expect(ledger.data.filter((entry: { kind: string }) => entry.kind === "charge")).toHaveLength(1);
    expect((await (await api.get("/v1/reseller/invoices")).json()).total).toBe(1);

    await page.getByRole("link", { name: "Balance & tier" }).click();
    await expect(page.getByTestId("balance")).toHaveText(`$${expected.toFixed(2)}`);
    await expect(page.getByTestId("ledger-entry")).toHaveCount(2);
    await expect(page.getByTestId("ledger-entry").first()).toContainText("Charge");
    await api.dispose();
  });

  test("balance, tier progress and ledger follow a credit from the seller", async ({ page, anonymous, seller, shopId }) => {
    const person = await freshPortalReseller(anonymous, seller, shopId, 100);
    await signIn(page, person.email, person.password);
    await page.getByRole("link", { name: "Balance & tier" }).click();
    await expect(page.getByTestId("balance")).toHaveText("$100.00");
    await expect(page.getByTestId("ledger-entry")).toHaveCount(1);
    await expect(page.getByText("Current tier")).toBeVisible();
    await expect(page.getByRole("progressbar", { name: "Spent" })).toBeVisible();

    const reason = `Top-up ${Date.now()}`;
    const credited = await seller.post(`/v1/shops/${shopId}/resellers/${person.id}/balance`, { data: { amount: 25.5, reason } });
    expect(credited.status()).toBe(200);
    await page.reload();
    await expect(page.getByTestId("balance")).toHaveText("$125.50");
    await expect(page.getByTestId("ledger-entry")).toHaveCount(2);
    await expect(page.getByTestId("ledger-entry").first()).toContainText(reason);
    await expect(page.getByTestId("ledger-entry").first()).toContainText("+$25.50");
  });

  test("a new person applies in the form, opens the e-mailed link, confirms, and the seller sees the application", async ({
    page,
    seller,
    shopId,
  }) => {
    const email = `browser-applicant-${Date.now()}@example.test`;
    const smtp = await holdSmtpListener();
    await page.goto(`/reseller/apply?shop_id=${shopId}`);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("a browser applicant's password");
    await page.getByLabel("Name (new accounts)").fill("Browser Applicant");
    await page.getByRole("button", { name: "Send application" }).click();
    await expect(page.getByRole("status")).toContainText("Check your e-mail");

    const mail = await smtp.waitFor(email, (each) => applicationTokenIn(each) !== undefined, 30_000);
    const link = /https?:\/\/\S+apply\/confirm#token=[A-Za-z0-9_-]+/.exec(mail.text)![0];
    await page.goto(new URL(link).pathname + new URL(link).hash);
    await expectAccessible(page);
    await page.getByRole("button", { name: "Confirm my application" }).click();
    await expect(page.getByRole("status")).toContainText("Application sent to");
    const listed = await (await seller.get(`/v1/shops/${shopId}/resellers`, { params: { email } })).json();
    expect(listed.data).toEqual([expect.objectContaining({ email, status: "pending", name: "Browser Applicant" })]);
    // the link is spent: a second press says so
    await page.reload();
    await page.getByRole("button", { name: "Confirm my application" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "expired or was already used" })).toBeVisible();
  });

  test("the account page changes the password: a wrong current one is shown at its field, then the new one signs in", async ({
    page,
    anonymous,
    seller,
    shopId,
  }) => {
    const person = await freshPortalReseller(anonymous, seller, shopId, 0);
    await signIn(page, person.email, person.password);
    await page.getByRole("link", { name: "Account" }).click();
    await expect(page.getByRole("heading", { name: "Account" })).toBeVisible();
    await expectAccessible(page);
    const password = `portal-${Date.now()}-password`;
    await page.getByLabel("Current password").fill("not-the-password");
    await page.getByLabel("New password").fill(password);
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("The current password is incorrect.")).toBeVisible();
    await page.getByLabel("Current password").fill(person.password);
    await page.getByLabel("New password").fill(password);
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Password changed" })).toBeVisible();

    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/reseller\/login$/);
    await signIn(page, person.email, password);
  });

  test("rotating the API key in the page: the old key is refused (401), the new one works", async ({
    page,
    playwright,
    baseURL,
    anonymous,
    seller,
    shopId,
  }) => {
    const person = await freshPortalReseller(anonymous, seller, shopId, 0);
    await signIn(page, person.email, person.password);
    await page.getByRole("link", { name: "Developer" }).click();
    await expect(page.getByText("No API key yet.")).toBeVisible();
    await page.getByRole("button", { name: "Create API key" }).click();
    const first = (await page.getByTestId("new-api-key").textContent())!.trim();
    expect(first).toMatch(/^sd_rsl_/);

    page.once("dialog", (dialog) => dialog.accept());
    await page.getByRole("button", { name: "Rotate API key" }).click();
    await expect(page.getByTestId("new-api-key")).not.toHaveText(first);
    const second = (await page.getByTestId("new-api-key").textContent())!.trim();
    expect(second).toMatch(/^sd_rsl_/);
    await expect(page.getByText(`${second.slice(0, 13)}…`)).toBeVisible();

    const oldClient = await resellerClient(playwright, baseURL, first);
    const newClient = await resellerClient(playwright, baseURL, second);
    expect((await oldClient.get("/v1/reseller/balance")).status()).toBe(401);
    expect((await newClient.get("/v1/reseller/balance")).status()).toBe(200);
    await oldClient.dispose();
    await newClient.dispose();
  });

  test("send a test delivery: the receiver answers 200 with the delivered line", async ({
    page,
    playwright,
    baseURL,
    anonymous,
    seller,
    shopId,
  }) => {
    const person = await freshPortalReseller(anonymous, seller, shopId, 100);
    const api = await portalClient(playwright, baseURL, person.email, person.password);
    const { label } = await serialVariant(api);
    await signIn(page, person.email, person.password);
    await page.getByRole("link", { name: "Developer" }).click();
    await expect(page.getByTestId("dynamic-url").first()).toContainText("/v1/reseller/dynamic/");

    await page.getByLabel("Variant").selectOption({ label });
    page.once("dialog", (dialog) => dialog.accept());
    await page.getByRole("button", { name: "Send test delivery" }).click();
    await expect(page.getByTestId("test-delivery-status")).toHaveText("200");
    const line = (await page.getByTestId("test-delivery-body").textContent())!.trim();
    expect(line.split("\n")).toHaveLength(1);

    const invoices = await (await api.get("/v1/reseller/invoices")).json();
    const delivered = await (await api.get(`/v1/reseller/invoices/${invoices.data[0].id}`)).json();
    expect(delivered.source).toBe("dynamic");
    expect(delivered.items[0].delivered).toEqual([line]);
    await api.dispose();
  });

  for (const [width, viewport] of Object.entries(WIDTHS)) {
    test(`screenshots of every portal page at ${width} width`, async ({ page, playwright, baseURL, anonymous, seller, shopId }) => {
      const shot = (name: string) => page.screenshot({ path: `test-results/screens/reseller-portal-${name}-${width}.png`, fullPage: true });
      const noSideScroll = () => expectNoSidewaysScroll(page, "the portal");
      await page.setViewportSize(viewport);
      const person = await freshPortalReseller(anonymous, seller, shopId, 200);
      const api = await portalClient(playwright, baseURL, person.email, person.password);
      const { productId, variant, label } = await serialVariant(api);
      const bought = await api.post("/v1/reseller/invoices", {
        data: { items: [{ product_id: productId, variant_id: variant.id, quantity: 3 }] },
      });
      const invoice = await bought.json();

      await page.goto(`/reseller/apply?shop_id=${shopId}`);
      await expect(page.getByRole("heading", { name: "Apply to resell" })).toBeVisible();
      await shot("apply");
      await page.goto("/reseller/login");
      await shot("login");
      await signIn(page, person.email, person.password);
      await page.getByRole("listitem", { name: label, exact: true }).getByRole("button", { name: "Buy…" }).click();
      await shot("catalog");
      await noSideScroll();
      await page.goto("/reseller/orders");
      await expect(page.getByRole("link", { name: `#${invoice.id}` })).toBeVisible();
      await shot("orders");
      await noSideScroll();
      await page.goto(`/reseller/orders/${invoice.id}`);
      await expect(page.getByTestId("delivered-key")).toHaveCount(3);
      await shot("order");
      await noSideScroll();
      await page.goto("/reseller/balance");
      await expect(page.getByTestId("ledger-entry")).toHaveCount(2);
      await shot("balance");
      await noSideScroll();
      await page.goto("/reseller/developer");
      await expect(page.getByTestId("dynamic-url").first()).toBeVisible();
      await shot("developer");
      await noSideScroll();
      await api.dispose();
    });
  }
});
