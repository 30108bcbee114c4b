import type { Page } from "@playwright/test";
import pg from "pg";
import { sha256 } from "../../lib/crypto/tokens";
import { nextStepCode, totpCode } from "../support/accounts";
import { expect, test } from "../support/browser";
import { applyAsNewPerson } from "../support/reseller-portal";

/**
 * Two-factor sign-in and re-authentication in the dashboard
 * (docs/accounts.md): a fresh person turns it on from the account page (the
 * QR code drawn, the secret shown, a code computed here from it), signs out
 * and back in with a code, then with a recovery code.
 */

async function signInByForm(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

test("two-factor sign-in: enrol with the QR code, sign out, sign in with the app's code, then with a recovery code", async ({
  page,
  anonymous,
  shopId,
}) => {
  const person = await applyAsNewPerson(anonymous, shopId);
  await signInByForm(page, person.email, person.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/dashboard/account");

  const section = page.getByRole("region", { name: "Two-factor sign-in" });
  await section.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  const qr = section.getByRole("img", { name: "QR code to scan with your authenticator app" });
  await expect(qr).toBeVisible();
  expect(await qr.getAttribute("src")).toMatch(/^data:image\/png;base64,/);
  const secret = (await section.getByTestId("totp-secret").textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);

  await section.getByLabel("Code from the app").fill("000000" === totpCode(secret) ? "111111" : "000000");
  await section.getByRole("button", { name: "Turn on", exact: true }).click();
  await expect(section.getByText("The code is not valid.")).toBeVisible();
  await section.getByLabel("Code from the app").fill(totpCode(secret));
  await section.getByRole("button", { name: "Turn on", exact: true }).click();
  const codes = section.getByTestId("recovery-codes").getByRole("listitem");
  await expect(codes).toHaveCount(10);
  const recoveryCode = (await codes.first().textContent())!.trim();
  await section.getByRole("button", { name: "I have saved them" }).click();
  await expect(section.getByText(/On since .* 10 recovery codes left\./)).toBeVisible();

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signInByForm(page, person.email, person.password);
  const code = page.getByLabel("Authentication code");
  await expect(code).toBeVisible();
  await code.fill(nextStepCode(secret));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.getByRole("button", { name: "Sign out" }).click();
  await signInByForm(page, person.email, person.password);
  await page.getByRole("button", { name: "Use a recovery code instead" }).click();
  await page.getByLabel("Recovery code").fill(recoveryCode);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/dashboard/account");
  await expect(page.getByText(/9 recovery codes left\./)).toBeVisible();
});

test("a sensitive change long after signing in asks for the password in a dialog, then goes through", async ({
  page,
  anonymous,
  shopId,
}) => {
  test.skip(process.env.TEST_TARGET !== "postgres", "the embedded database is the server's alone: the test cannot age a session there");
  const person = await applyAsNewPerson(anonymous, shopId);
  await signInByForm(page, person.email, person.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  const token = (await page.context().cookies()).find((cookie) => cookie.name === "shopdesk_session")!.value;
  const database = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await database.connect();
  try {
    await database.query(`UPDATE sessions SET reauthenticated_at = now() - interval '11 minutes' WHERE id = $1`, [
      sha256(decodeURIComponent(token)),
    ]);
  } finally {
    await database.end();
  }

  await page.goto("/dashboard/account");
  await page.getByLabel("New key name").fill("After a while");
  await page.getByRole("button", { name: "Create API key" }).click();
  const dialog = page.getByRole("dialog", { name: "Confirm it is you" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Password").fill("not-the-password");
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(dialog.getByText("The password is incorrect.")).toBeVisible();
  await dialog.getByLabel("Password").fill(person.password);
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("new-api-key")).toHaveText(/^sd_live_/);
});
