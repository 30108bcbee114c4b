import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "../support/browser";
import { screenshots, signIn } from "../support/dashboard";

/**
 * Runs in the other seller's shop: the API tests expect the demo shop to
 * keep unread notifications, and this test marks them all as read. A
 * completed invoice makes sure there is something unread first.
 */
async function completeAnInvoice(otherSeller: APIRequestContext, shopId: number) {
  const products = await (await otherSeller.get(`/v1/shops/${shopId}/products`)).json();
  const variantId = products.data[0].variants[0].id as number;
  const created = await otherSeller.post(`/v1/shops/${shopId}/invoices`, {
    data: { email: `bell-${Date.now()}@example.com`, items: [{ variant_id: variantId, quantity: 1 }] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const invoice = await created.json();
  const completed = await otherSeller.post(`/v1/shops/${shopId}/invoices/${invoice.id}/status`, { data: { status: "completed" } });
  expect(completed.status(), await completed.text()).toBe(200);
}

const unreadOf = (label: string | null) => Number(/Notifications, (\d+) unread/.exec(label ?? "")?.[1]);

test.describe("dashboard: notifications", () => {
  test("the bell shows the unread count, marks as read, and the page saves a setting", async ({
    page,
    otherSeller,
    foreignShopId: shopId,
  }) => {
    await completeAnInvoice(otherSeller, shopId);
    await signIn(page, "otherSeller");
    const bell = page.getByRole("button", { name: /^Notifications, \d+ unread$/ });
    await expect(bell).not.toHaveAccessibleName("Notifications, 0 unread");
    const before = await unreadOf(await bell.getAttribute("aria-label"));
    expect(before).toBeGreaterThan(0);

    await bell.click();
    const panel = page.getByRole("region", { name: "Latest notifications" });
    await expect(panel.getByText("Invoice completed").first()).toBeVisible();
    await screenshots(page, "notifications-bell", async () => {
      await expect(panel).toBeVisible();
    });
    await panel.getByRole("button", { name: "Mark all as read" }).click();
    await expect.poll(async () => unreadOf(await bell.getAttribute("aria-label"))).toBeLessThan(before);

    await panel.getByRole("link", { name: "All notifications and settings" }).click();
    await expect(page.getByRole("heading", { name: "Notifications", exact: true })).toBeVisible();
    await screenshots(page, "notifications-page", async () => {
      await expect(page.getByRole("table", { name: "Notify me about" })).toBeVisible();
      await expect(page.getByRole("listitem").first()).toBeVisible();
    });

    const setting = page.getByRole("checkbox", { name: "Reseller applied by email" });
    const was = await setting.isChecked();
    await setting.setChecked(!was);
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Notification settings saved." })).toBeVisible();
    const saved = await (await otherSeller.get(`/v1/shops/${shopId}/notifications/settings`)).json();
    expect(saved.settings.reseller_applied.email).toBe(!was);
    await page.reload();
    await expect(page.getByRole("checkbox", { name: "Reseller applied by email" })).toBeChecked({ checked: !was });

    // put the shop's setting back for whoever runs next
    await otherSeller.post(`/v1/shops/${shopId}/notifications/settings`, { data: { reseller_applied: { email: was } } });
  });
});
