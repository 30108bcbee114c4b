import { buyerOpenedTicket, feedbackOn } from "../support/after-sale";
import { expect, test } from "../support/browser";
import { gradientPng } from "../support/catalog";
import { signIn } from "../support/dashboard";
import { completedInvoice } from "../support/openapi-records";
import { expectNoSidewaysScroll } from "../support/layout";

/**
 * After the sale: at phone width the buyer rates the order and opens a
 * ticket from the order's page, then answers on the ticket's own page; the
 * seller answers the ticket and a feedback from the dashboard.
 */
test.describe("after the sale", () => {
  test.describe("the buyer, at 375 px", () => {
    test.use({ viewport: { width: 375, height: 812 } });

    test("leaves feedback and opens a ticket from the order's page, then replies on the thread", async ({ page, seller, shopId }) => {
      const invoice = await completedInvoice(seller, shopId);
      await page.goto(`/invoice/${invoice.unique_id}`);
      const feedback = page.getByRole("region", { name: "Feedback" });
      await feedback.getByRole("button", { name: "Send feedback" }).click();
      await expect(feedback.getByLabel("Your feedback")).toHaveAttribute("aria-invalid", "true");
      await feedback.getByRole("radio", { name: "4 stars" }).check();
      await feedback.getByLabel("Your feedback").fill("Key arrived <instantly>.");
      await feedback.getByRole("button", { name: "Send feedback" }).click();
      await expect(feedback.getByRole("status")).toHaveText("Thank you for your feedback.");
      await expect(feedback.getByText("Key arrived <instantly>.")).toBeVisible();
      await expectNoSidewaysScroll(page, "the buyer's page with feedback");

      const support = page.getByRole("region", { name: "Need help with this order?" });
      await support.getByLabel("Subject").fill("Activation question");
      await support.getByLabel("Message").fill("Which region is this key for?");
      await support.getByRole("button", { name: "Open a ticket" }).click();
      await expect(page).toHaveURL(/\/ticket\/\d+-[0-9a-f]{32}$/);
      await expect(page.getByRole("heading", { name: "Activation question" })).toBeVisible();
      await expect(page.getByTestId("ticket-message")).toHaveText([/Which region is this key for\?/]);
      await page.getByLabel("Your reply").fill("I am in the EU.");
      await page
        .getByLabel(/^Images/)
        .setInputFiles({ name: "receipt.png", mimeType: "image/png", buffer: gradientPng(8, 6, [0, 0, 0], [255, 255, 255]) });
      await page.getByRole("button", { name: "Send reply" }).click();
      await expect(page.getByTestId("ticket-message")).toHaveCount(2);
      await expect(page.getByTestId("ticket-message").last()).toContainText("I am in the EU.");
      await expect(page.getByTestId("ticket-message").last().getByRole("img", { name: "receipt.png" })).toBeVisible();
      await expectNoSidewaysScroll(page, "the ticket thread");
    });
  });

  test("the seller replies to a ticket and a feedback from the dashboard", async ({ page, seller, shopId, baseURL }) => {
    const subject = `Refund question ${Date.now()}`;
    const { invoice, ticketId } = await buyerOpenedTicket(seller, baseURL!, shopId, subject);
    await signIn(page);
    await page.goto(`/dashboard/${shopId}/tickets`);
    await page.getByRole("link", { name: subject }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/${shopId}/tickets/${ticketId}$`));
    await expect(page.getByRole("link", { name: new RegExp(invoice.unique_id) })).toHaveAttribute(
      "href",
      `/dashboard/${shopId}/invoices/${invoice.id}`,
    );
    await page.getByLabel("Reply").fill("We sent you a new key.");
    await page.getByRole("button", { name: "Send reply" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Reply sent to the buyer." })).toBeVisible();
    await expect(page.getByTestId("ticket-message").last()).toContainText("We sent you a new key.");
    await page.getByRole("button", { name: "Close", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "Ticket closed." })).toBeVisible();

    const { feedback } = await feedbackOn(seller, baseURL!, shopId, 2);
    await page.goto(`/dashboard/${shopId}/feedback?rating=2&replied=false`);
    const item = page.getByRole("listitem").filter({ hasText: `Order ${feedback.invoice_unique_id}` });
    await item.getByRole("button", { name: "Reply" }).click();
    const dialog = page.getByRole("dialog", { name: "Reply to feedback" });
    await dialog.getByLabel("Reply").fill("Sorry about that: fixed.");
    await dialog.getByRole("button", { name: "Send reply" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Reply saved." })).toBeVisible();
  });
});
