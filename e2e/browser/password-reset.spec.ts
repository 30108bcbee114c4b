import { randomUUID } from "node:crypto";
import { expect, test } from "../support/browser";
import { applyAsNewPerson } from "../support/reseller-portal";
import { holdSmtpListener } from "../support/smtp";

/**
 * Accounts in a real browser: "Forgot password?" from the sign-in page, the
 * link read from a real SMTP listener and opened, the new password signing
 * in; then the account page: the password form and the session list (revoke
 * one, end all the others). A fresh person (a reseller applicant, who
 * can sign in to the dashboard too) so the seed's passwords never change.
 */

test("forgot password: the e-mailed link sets a new password that signs in; the account page changes it and ends other sessions", async ({
  page,
  playwright,
  anonymous,
  shopId,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const person = await applyAsNewPerson(anonymous, shopId);
  const smtp = await holdSmtpListener();
  let link: string;
  try {
    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    // by role, not label: the router keeps the sign-in page's form in the document, hidden, after a client-side navigation
    await page.getByRole("textbox", { name: "Email" }).fill(person.email);
    await page.getByRole("button", { name: "Send the link" }).click();
    await expect(page.getByRole("status")).toContainText("If this address has an account, a link to set a new password is on its way.");
    const mail = await smtp.waitFor(person.email, (each) => each.subject === "Reset your Shopdesk password");
    link = /(http\S+\/reset-password#token=pr_[A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
  } finally {
    await smtp.close();
  }

  await page.goto(link);
  await page.getByLabel("New password").fill("too-short");
  await page.getByRole("button", { name: "Set the password" }).click();
  await expect(page.getByText("The password field must be at least 12 characters.")).toBeVisible();
  const password = `browser-${randomUUID()}`;
  await page.getByLabel("New password").fill(password);
  await page.getByRole("button", { name: "Set the password" }).click();
  await expect(page.getByRole("status")).toContainText("Your password is set.");
  await page.getByRole("link", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole("textbox", { name: "Email" }).fill(person.email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard/);

  // the link works once
  await page.goto(link);
  await page.getByLabel("New password").fill(`again-${randomUUID()}`);
  await page.getByRole("button", { name: "Set the password" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "This link has expired or was already used." })).toBeVisible();

  // two more sessions elsewhere
  const elsewhere = await Promise.all(
    ["Elsewhere/1.0", "Elsewhere/2.0"].map(async (userAgent) => {
      const client = await playwright.request.newContext({ baseURL, userAgent });
      expect((await client.post("/v1/auth/login", { data: { email: person.email, password } })).status()).toBe(200);
      return client;
    }),
  );
  await page.goto("/dashboard/account");
  const sessions = page.getByRole("table", { name: "Sessions" });
  await expect(sessions.getByRole("row")).toHaveCount(4);
  await expect(sessions.getByText("this session")).toBeVisible();
  await sessions
    .getByRole("row", { name: /Elsewhere\/1\.0/ })
    .getByRole("button", { name: /^Revoke the session of Elsewhere\/1\.0/ })
    .click();
  await expect(sessions.getByRole("row")).toHaveCount(3);
  expect((await elsewhere[0]!.get("/v1/auth/me")).status()).toBe(401);
  expect((await elsewhere[1]!.get("/v1/auth/me")).status()).toBe(200);

  // changing the password signs out every other session; this one stays
  const newer = `changed-${randomUUID()}`;
  await page.getByLabel("Current password").fill("not-the-password");
  await page.getByLabel("New password").fill(newer);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("The current password is incorrect.")).toBeVisible();
  await page.getByLabel("Current password").fill(password);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Password changed." })).toBeVisible();
  expect((await elsewhere[1]!.get("/v1/auth/me")).status()).toBe(401);
  await expect(sessions.getByRole("row")).toHaveCount(2);

  // "sign out everywhere else": one more session, ended from the page
  const third = await playwright.request.newContext({ baseURL, userAgent: "Elsewhere/3.0" });
  expect((await third.post("/v1/auth/login", { data: { email: person.email, password: newer } })).status()).toBe(200);
  await page.reload();
  await expect(sessions.getByRole("row")).toHaveCount(3);
  page.once("dialog", (dialog) => dialog.accept());
  await page.getByRole("button", { name: "End all other sessions" }).click();
  await expect(page.getByRole("status").filter({ hasText: "1 other session signed out." })).toBeVisible();
  await expect(sessions.getByRole("row")).toHaveCount(2);
  expect((await third.get("/v1/auth/me")).status()).toBe(401);
  await Promise.all([...elsewhere, third].map((client) => client.dispose()));
});
