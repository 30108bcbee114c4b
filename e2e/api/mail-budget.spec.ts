import { randomUUID } from "node:crypto";
import { expect, test } from "../support/api";
import { COACHING, completeInvoice, createPendingInvoice, invoiceAction, seededVariantId } from "../support/invoices";
import { holdSmtpListener } from "../support/smtp";

/**
 * The outbox's hourly budgets (lib/outbox/worker.ts): one address receives
 * at most MAIL_PER_RECIPIENT_PER_HOUR e-mails an hour, whatever a key asks
 * for (resending to the invoice's own address is not limited per request);
 * the rest are held, not refused: the answers are 200 and the mail waits in
 * the outbox for the hour to free room. e2e/scripts/test.sh sets the budget.
 */
test("one address gets at most its hourly budget of e-mail; what is over waits in the outbox", async ({ seller, shopId }) => {
  const budget = Number(process.env.MAIL_PER_RECIPIENT_PER_HOUR);
  expect(budget, "MAIL_PER_RECIPIENT_PER_HOUR is set by e2e/scripts/test.sh (npm test)").toBeGreaterThan(0);
  const email = `budget-${randomUUID()}@example.test`;
  const smtp = await holdSmtpListener();
  try {
    const invoice = await createPendingInvoice(
      seller,
      shopId,
      [{ variant_id: await seededVariantId(seller, shopId, ...COACHING), quantity: 1 }],
      email,
    );
    await completeInvoice(seller, shopId, invoice.id);
    for (let resend = 0; resend <= budget; resend++) {
      const response = await invoiceAction(seller, shopId, invoice.id, "resend-email", {});
      expect(response.status(), await response.text()).toBe(200);
    }
    const received = async () => (await smtp.messages()).filter((mail) => mail.to.includes(email)).length;
    await expect.poll(received, { timeout: 30_000 }).toBe(budget);
    // the worker runs every 200 ms here: ten rounds more send nothing to this address
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(await received()).toBe(budget);
  } finally {
    await smtp.close();
  }
});
