import { randomUUID } from "node:crypto";
import { expect, test } from "../support/browser";
import { invitationMail, invitationToken, memberEmail } from "../support/members";
import { smtpListenerForSpec } from "../support/smtp";

/**
 * The team page as an owner uses it: invite with a role, the invitee
 * accepting the e-mailed link in their own browser (a new account), the
 * owner changing the role and removing them. Mail comes through the real
 * SMTP server of the run (e2e/support/smtp.ts), found by the invitee's
 * address.
 */
test.describe.configure({ mode: "serial" });
test.use({ signedIn: true });

const smtp = smtpListenerForSpec();

test("the owner invites, the invitee joins through the e-mailed link, the owner changes the role and removes them", async ({
  page,
  browser,
  seed,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const shopId = seed.seller.shopIds[1]!;
  await page.goto(`/dashboard/${shopId}`);
  await page.getByRole("link", { name: "Team" }).first().click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/${shopId}/members$`));
  await expect(page.getByRole("row", { name: new RegExp(seed.seller.email) })).toContainText("Owner");

  // the form says what is wrong at its field
  await page.getByRole("button", { name: "Invite", exact: true }).click();
  await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");

  const email = memberEmail("browser");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Role", { exact: true }).selectOption("viewer");
  await page.getByRole("button", { name: "Invite", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: `An invitation is on its way to ${email}.` })).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(email) })).toContainText("Invited");

  // the invitee, in a browser of their own: the link, a name and a password
  const mail = await smtp.waitFor(email, invitationMail);
  const token = invitationToken(mail)!;
  // a browser of their own: none of the owner's cookies (the signed-in base would hand this context the seller's session)
  const invitee = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const theirs = await invitee.newPage();
  await theirs.goto(`/invitations/${token}`);
  await theirs.getByLabel("Your name").fill("Browser Viewer");
  await theirs.getByLabel("Password").fill("short");
  await theirs.getByRole("button", { name: "Accept the invitation" }).click();
  await expect(theirs.getByLabel("Password")).toHaveAttribute("aria-invalid", "true");
  await expect(theirs.getByText("The password field must be at least 12 characters.")).toBeVisible();
  await theirs.getByLabel("Password").fill(`pw-${randomUUID()}`);
  await theirs.getByRole("button", { name: "Accept the invitation" }).click();
  await expect(theirs).toHaveURL(new RegExp(`/dashboard/${shopId}$`));
  // a viewer sees the shop they joined, and only it; not the audit log (owners and admins only)
  await expect(theirs.getByLabel("Shop").locator("option")).toHaveCount(1);
  await expect(theirs.getByRole("link", { name: "Team" }).first()).toBeVisible();
  await expect(theirs.getByRole("link", { name: "Audit log" })).toHaveCount(0);

  await page.reload();
  const row = page.getByRole("row", { name: new RegExp(email) });
  await expect(row).toContainText("Active");
  await expect(row).toContainText("Browser Viewer");
  await row.getByLabel(`Role of ${email}`).selectOption("support");
  await expect(page.getByRole("status").filter({ hasText: `${email} is now support.` })).toBeVisible();

  page.once("dialog", (dialog) => dialog.accept());
  await page.getByRole("button", { name: `Remove ${email}` }).click();
  await expect(page.getByRole("status").filter({ hasText: `${email} was removed.` })).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(email) })).toHaveCount(0);

  // their next request is refused: the shop is no longer theirs
  const refused = await theirs.request.get(`/v1/shops/${shopId}`);
  expect(refused.status()).toBe(404);
  await invitee.close();
});
