import { randomUUID } from "node:crypto";
import { expect, test } from "../support/browser";

test.use({ signedIn: true });

test.describe("webhooks page", () => {
  test("creates an endpoint with an event picker, reveals and rotates the secret, sends a test event and redelivers it", async ({
    page,
    seller,
    shopId,
  }) => {
    test.setTimeout(90_000);
    page.on("dialog", (dialog) => void dialog.accept());
    await page.goto(`/dashboard/${shopId}/webhooks`);
    const form = page.getByRole("form", { name: "New webhook endpoint" });

    // An internal address is refused by the server, at the field.
    await form.getByLabel("URL").fill("http://10.0.0.1/hook");
    await form.getByRole("button", { name: "Create endpoint" }).click();
    await expect(form.getByText("The url field must be a public address: internal and loopback addresses are refused.")).toBeVisible();

    // A name that never resolves: every attempt fails and is logged. The event nothing fires keeps the endpoint quiet.
    const url = `https://${randomUUID()}.invalid/hook`;
    await form.getByLabel("URL").fill(url);
    await form.getByLabel("Description").fill("ERP");
    await form.getByLabel("subscription.renewed").check();
    await form.getByRole("button", { name: "Create endpoint" }).click();
    const created = page.getByRole("status");
    await expect(created).toHaveText(/Webhook #\d+ created\./);
    const id = Number((await created.textContent())!.match(/#(\d+)/)![1]);

    try {
      const secretBox = page.getByTestId("webhook-secret");
      await expect(secretBox).not.toContainText("whsec_");
      await secretBox.getByRole("button", { name: "Reveal secret" }).click();
      await expect(secretBox.locator("code")).toHaveText(/^whsec_/);
      const first = await secretBox.locator("code").textContent();

      const row = page.getByRole("row", { name: new RegExp(`#${id} standard`) });
      await expect(row).toContainText(url);
      await expect(row).toContainText("subscription.renewed");
      await row.getByRole("button", { name: "Rotate secret" }).click();
      await secretBox.getByRole("button", { name: "Reveal secret" }).click();
      await expect(secretBox.locator("code")).toHaveText(/^whsec_/);
      expect(await secretBox.locator("code").textContent()).not.toBe(first);

      const log = page.getByRole("region", { name: `Deliveries of webhook ${id}` });
      await log.getByLabel("Test event type").selectOption("invoice.refunded");
      await log.getByRole("button", { name: "Send test event" }).click();
      const delivery = log.getByTestId("delivery").first();
      await expect(delivery).toContainText("invoice.refunded");
      await expect(delivery).toContainText("failed", { timeout: 20_000 });
      await delivery.locator("summary").click({ position: { x: 5, y: 5 } });
      await expect(delivery).toContainText("Attempt 1");
      await expect(delivery).toContainText("webhook-signature: v1,");
      await expect(delivery).toContainText('"type":"invoice.refunded"');

      await delivery.getByRole("button", { name: "Redeliver" }).click();
      await expect(log.getByTestId("delivery")).toHaveCount(2);
    } finally {
      await seller.delete(`/v1/shops/${shopId}/webhooks/${id}`);
    }
  });
});
