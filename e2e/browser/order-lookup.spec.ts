import { mkdirSync } from "node:fs";
import type { BrowserContext } from "@playwright/test";
import { expect, test } from "../support/browser";
import { buyerEmail, stockedProduct } from "../support/checkout";
import { completeInvoice, createPendingInvoice } from "../support/invoices";
import { holdSmtpListener, type ReceivedMail } from "../support/smtp";
import { expectPageFits, shopSubdomain } from "../support/storefront";

/**
 * "Find my orders" in a real browser: the buyer asks from the storefront's
 * footer, the link arrives at a real SMTP listener, the buyer opens it, sees
 * their orders (again after a reload of the tab) and opens one. The three
 * buyer e-mails it meets on the way (delivery, recovery, order lookup) are
 * rendered in the browser and saved as pictures: test-results/screens/, and
 * docs/images/ with DOC_IMAGES=1.
 */

async function screenshotEmail(context: BrowserContext, mail: ReceivedMail, name: string) {
  const page = await context.newPage();
  await page.setViewportSize({ width: 600, height: 400 });
  await page.setContent(mail.html, { waitUntil: "load" });
  const paths = ["test-results/screens", ...(process.env.DOC_IMAGES === "1" ? ["docs/images"] : [])];
  for (const dir of paths) {
    mkdirSync(dir, { recursive: true });
    await page.screenshot({ path: `${dir}/email-${name}.png`, fullPage: true });
  }
  await page.close();
}

test("a buyer finds their orders by e-mail link, sees them again after a reload, and opens one", async ({
  page,
  context,
  seller,
  shopId,
}) => {
  const smtp = await holdSmtpListener();
  try {
    const subdomain = await shopSubdomain(seller, shopId);
    const { variantId, keys } = await stockedProduct(seller, shopId, { serials: 2, name: `Lookup Game ${Date.now().toString(36)}` });
    const email = buyerEmail();
    const paid = await createPendingInvoice(seller, shopId, [{ variant_id: variantId, quantity: 1 }], email);
    await completeInvoice(seller, shopId, paid.id);
    const waiting = await createPendingInvoice(seller, shopId, [{ variant_id: variantId, quantity: 1 }], email);
    const recovered = await seller.post(`/v1/shops/${shopId}/abandoned-checkouts/${waiting.id}/recover`);
    expect(recovered.status(), await recovered.text()).toBe(200);

    const delivery = await smtp.waitFor(email, (mail) => mail.subject.startsWith("Your order "));
    expect(delivery.text).toContain(keys[0]!);
    await screenshotEmail(context, delivery, "delivery");
    await screenshotEmail(context, await smtp.waitFor(email, (mail) => mail.subject.startsWith("Complete your order")), "recovery");

    await page.goto(`/s/${subdomain}`);
    await page.getByRole("link", { name: "Find my orders" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Find my orders" })).toBeVisible();
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Email me a link" }).click();
    await expect(page.getByRole("status")).toContainText("a link to them is on its way");
    await expectPageFits(page, "the Find my orders form");

    const lookup = await smtp.waitFor(email, (mail) => mail.subject.startsWith("Your orders at"));
    await screenshotEmail(context, lookup, "order-lookup");
    const link = /https?:\/\/\S+\/orders\/open#ol_[A-Za-z0-9_-]+/.exec(lookup.text)?.[0];
    expect(link, lookup.text).toBeTruthy();

    await page.goto(link!);
    await page.getByRole("button", { name: "Show my orders" }).click();
    const orders = page.getByRole("region", { name: `Orders of ${email}` });
    await expect(orders.getByRole("link", { name: `Order ${paid.unique_id}` })).toBeVisible();
    await expect(orders.getByRole("link", { name: `Order ${waiting.unique_id}` })).toBeVisible();
    await expect(orders.getByRole("listitem").first()).toContainText("pending");
    await expectPageFits(page, "the opened orders");

    // the link is spent, but this tab keeps the list
    await page.reload();
    await expect(orders.getByRole("link", { name: `Order ${paid.unique_id}` })).toBeVisible();
    await expect(page.getByRole("button", { name: "Show my orders" })).toHaveCount(0);

    await orders.getByRole("link", { name: `Order ${paid.unique_id}` }).click();
    await expect(page).toHaveURL(new RegExp(`/invoice/${paid.unique_id}$`));
    await expect(page.getByText(keys[0]!)).toBeVisible();

    // the same link in a fresh tab: spent
    const other = await context.browser()!.newPage({ baseURL: undefined });
    await other.goto(link!);
    await other.getByRole("button", { name: "Show my orders" }).click();
    await expect(other.getByRole("alert").filter({ hasText: "expired or was already used" })).toBeVisible();
    await other.close();
  } finally {
    await smtp.close();
  }
});
