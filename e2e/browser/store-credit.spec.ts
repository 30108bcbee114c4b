import { expect, test } from "../support/api";
import { createCustomer } from "../support/customers";
import { signIn } from "../support/dashboard";
import { completeInvoice, createPendingInvoice, GIFT_CARD, seededVariantId } from "../support/invoices";

test.describe("dashboard: store credit", () => {
  test("the seller credits a customer from their page, then refunds an invoice to their store credit", async ({ page, seller, shopId }) => {
    const customer = await createCustomer(seller, shopId);
    const variantId = await seededVariantId(seller, shopId, ...GIFT_CARD);
    const pending = await createPendingInvoice(seller, shopId, [{ variant_id: variantId, quantity: 1 }], customer.email);
    const invoice = await completeInvoice(seller, shopId, pending.id);
    const paid = Number(invoice.paid ?? invoice.price);

    await signIn(page);
    await page.goto(`/dashboard/${shopId}/customers/${customer.id}`);
    const credit = page.getByRole("region", { name: "Store credit" });
    await expect(credit.getByTestId("store-credit-balance")).toHaveText("0.00");
    await expect(credit).toContainText("No store credit yet.");

    // below zero is refused on the field, from the API's own answer
    await credit.getByLabel("Amount (negative to debit)").fill("-1");
    await credit.getByRole("button", { name: "Save" }).click();
    await expect(credit.getByText(/cannot go below zero/)).toBeVisible();

    await credit.getByLabel("Amount (negative to debit)").fill("5");
    await credit.getByLabel("Description").fill("goodwill");
    await credit.getByRole("button", { name: "Save" }).click();
    await expect(credit.getByText("Store credit is now 5.00.")).toBeVisible();
    await expect(credit.getByTestId("store-credit-balance")).toHaveText("5.00");
    await expect(credit.getByRole("table", { name: "Store credit ledger" })).toContainText("goodwill");

    await page.goto(`/dashboard/${shopId}/invoices/${invoice.id}`);
    page.once("dialog", (dialog) => void dialog.accept());
    await page.getByRole("button", { name: "Refund to store credit" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Invoice refunded to the customer's store credit." })).toBeVisible();

    await page.goto(`/dashboard/${shopId}/customers/${customer.id}`);
    await expect(credit.getByTestId("store-credit-balance")).toHaveText((5 + paid).toFixed(2));
    await expect(credit.getByRole("table", { name: "Store credit ledger" })).toContainText(`Refund of invoice ${invoice.unique_id}`);
  });
});
