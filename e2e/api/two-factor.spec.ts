import type { APIRequestContext } from "@playwright/test";
import pg from "pg";
import { sha256 } from "../../lib/crypto/tokens";
import { awayFromWindowEdge, dashboardClient, nextStepCode, postFrom as post, totpCode, turnOnTwoFactor } from "../support/accounts";
import { expect, expectValidationError, test } from "../support/api";
import { applyAsNewPerson, approvedApplicant } from "../support/reseller-portal";
import { type ReceivedMail, smtpListenerForSpec } from "../support/smtp";

/**
 * Two-factor sign-in and re-authentication for sensitive changes
 * (docs/accounts.md), over HTTP, with the codes computed here as an
 * authenticator app computes them, and the owner's notices read from the
 * run's SMTP stand-in (e2e/support/smtp.ts). Fresh people (reseller
 * applicants, who can sign in to the dashboard too) for two-factor sign-in,
 * so the demo seller's sign-in never needs a code; the demo seller's
 * session for the shop's payouts and team, which only the owner changes.
 */
test.describe.configure({ mode: "serial" });

const smtp = smtpListenerForSpec();

/** The text part is wrapped at 78 columns: compared with its whitespace folded. */
const flat = (mail: ReceivedMail) => mail.text.replace(/\s+/g, " ");
const notice = (line: string) => (mail: ReceivedMail) => mail.subject.startsWith("Security notice") && flat(mail).includes(line);

/** The cookie's session row on PostgreSQL, its re-authentication moved back by `seconds` (the embedded database is the server's alone). */
async function ageReauthentication(client: APIRequestContext, seconds: number) {
  const { cookies } = await client.storageState();
  const token = decodeURIComponent(cookies.find((cookie) => cookie.name === "shopdesk_session")!.value);
  const database = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await database.connect();
  try {
    const { rowCount } = await database.query(`UPDATE sessions SET reauthenticated_at = now() - make_interval(secs => $2) WHERE id = $1`, [
      sha256(token),
      seconds,
    ]);
    expect(rowCount).toBe(1);
  } finally {
    await database.end();
  }
}

const onlyOnPostgres = () =>
  test.skip(process.env.TEST_TARGET !== "postgres", "the embedded database is the server's alone: the test cannot age a session there");

test.describe("two-factor sign-in", () => {
  test("set up, enable with a code, sign in with a code (not twice), a recovery code once, then disable", async ({
    playwright,
    anonymous,
    shopId,
    baseURL,
  }) => {
    const person = await applyAsNewPerson(anonymous, shopId);
    const client = await dashboardClient(playwright, baseURL, person.email, person.password);
    expect(await (await client.get("/v1/account/2fa")).json()).toEqual({ enabled: false, enabled_at: null, recovery_codes_left: 0 });

    const setup = await client.post("/v1/account/2fa/setup");
    expect(setup.status(), await setup.text()).toBe(200);
    const { secret, otpauth_url } = (await setup.json()) as { secret: string; otpauth_url: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_url).toMatch(/^otpauth:\/\/totp\/Shopdesk:/);
    expect(new URL(otpauth_url).searchParams.get("secret")).toBe(secret);
    // pending only: the sign-in asks for nothing yet
    expect((await post(baseURL!, "/v1/auth/login", { email: person.email, password: person.password })).body.user).toBeTruthy();

    const wrong = String((Number(totpCode(secret)) + 500_000) % 1_000_000).padStart(6, "0");
    await expectValidationError(await client.post("/v1/account/2fa/enable", { data: { code: wrong } }), "code");
    const enableCode = totpCode(secret);
    const enabled = await client.post("/v1/account/2fa/enable", { data: { code: enableCode } });
    expect(enabled.status(), await enabled.text()).toBe(200);
    const { recovery_codes } = (await enabled.json()) as { recovery_codes: string[] };
    expect(recovery_codes).toHaveLength(10);
    expect(new Set(recovery_codes).size).toBe(10);
    expect(recovery_codes[0]).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const status = await (await client.get("/v1/account/2fa")).json();
    expect(status).toMatchObject({ enabled: true, recovery_codes_left: 10 });
    await smtp.waitFor(person.email, notice("Two-factor sign-in was turned on."));
    // a second setup while it is on: refused
    await expectValidationError(await client.post("/v1/account/2fa/setup"), "status");

    // the password alone: no session, the second step is asked for
    const first = await post(baseURL!, "/v1/auth/login", { email: person.email, password: person.password });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ two_factor_required: true });
    expect(first.headers["set-cookie"]).toBeUndefined();
    // the code that enabled it was spent there: replaying it is refused
    const replayEnable = await post(baseURL!, "/v1/auth/login", { email: person.email, password: person.password, code: enableCode });
    expect(replayEnable.status).toBe(422);
    expect(replayEnable.body.errors).toHaveProperty("code");

    const code = nextStepCode(secret);
    const signedIn = await post(baseURL!, "/v1/auth/login", { email: person.email, password: person.password, code });
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect(signedIn.body.user).toMatchObject({ email: person.email });
    expect(String(signedIn.headers["set-cookie"])).toContain("shopdesk_session=");
    const replay = await post(baseURL!, "/v1/auth/login", { email: person.email, password: person.password, code });
    expect(replay.status).toBe(422);
    expect((replay.body.errors as Record<string, string[]>).code![0]).toContain("already used");
    // a right code with a wrong password is still the password's refusal
    expect((await post(baseURL!, "/v1/auth/login", { email: person.email, password: "wrong-password", code })).status).toBe(422);

    // a recovery code (as typed: upper case, without the dash) signs in once
    const recovery = recovery_codes[3]!;
    const typed = recovery.replace("-", "").toUpperCase();
    const byRecovery = await post(baseURL!, "/v1/auth/login", { email: person.email, password: person.password, code: typed });
    expect(byRecovery.status, JSON.stringify(byRecovery.body)).toBe(200);
    const again = await post(baseURL!, "/v1/auth/login", { email: person.email, password: person.password, code: recovery });
    expect(again.status).toBe(422);
    expect((await (await client.get("/v1/account/2fa")).json()).recovery_codes_left).toBe(9);

    // disable: the password and a code; a wrong one of either is refused on its field
    await expectValidationError(
      await client.post("/v1/account/2fa/disable", { data: { password: "wrong-password", code: recovery_codes[0] } }),
      "password",
    );
    await expectValidationError(
      await client.post("/v1/account/2fa/disable", { data: { password: person.password, code: recovery } }),
      "code",
    );
    const disabled = await client.post("/v1/account/2fa/disable", { data: { password: person.password, code: recovery_codes[0] } });
    expect(disabled.status(), await disabled.text()).toBe(200);
    await smtp.waitFor(person.email, notice("Two-factor sign-in was turned off."));
    expect(await (await client.get("/v1/account/2fa")).json()).toEqual({ enabled: false, enabled_at: null, recovery_codes_left: 0 });
    const plain = await post(baseURL!, "/v1/auth/login", { email: person.email, password: person.password });
    expect(plain.body.user).toMatchObject({ email: person.email });
  });

  test("an API key cannot touch two-factor sign-in; the routes are the dashboard session's", async ({ seller }) => {
    for (const [path, data] of [
      ["/v1/account/2fa/setup", undefined],
      ["/v1/account/2fa/enable", { code: "123456" }],
      ["/v1/account/2fa/disable", { password: "x", code: "123456" }],
      ["/v1/account/reauthenticate", { password: "x" }],
    ] as const) {
      expect((await seller.post(path, { data })).status(), path).toBe(403);
    }
    expect((await seller.get("/v1/account/2fa")).status()).toBe(403);
  });

  test("wrong codes count against the account's sign-in limit: then even the right code waits", async ({
    playwright,
    anonymous,
    shopId,
    baseURL,
  }) => {
    const person = await applyAsNewPerson(anonymous, shopId);
    const { secret } = await turnOnTwoFactor(await dashboardClient(playwright, baseURL, person.email, person.password));
    await awayFromWindowEdge(600, 60);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const wrong = String((Number(totpCode(secret)) + 100_000 + i) % 1_000_000).padStart(6, "0");
      statuses.push((await post(baseURL!, "/v1/auth/login", { email: person.email, password: person.password, code: wrong })).status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(422));
    expect(statuses[10]).toBe(429);
    const right = await post(baseURL!, "/v1/auth/login", { email: person.email, password: person.password, code: nextStepCode(secret) });
    expect(right.status).toBe(429);
  });

  test("the reseller portal's sign-in asks for the code too (one account, one second factor)", async ({
    playwright,
    anonymous,
    seller,
    shopId,
    baseURL,
  }) => {
    const reseller = await approvedApplicant(anonymous, seller, shopId);
    const { secret, recoveryCodes } = await turnOnTwoFactor(await dashboardClient(playwright, baseURL, reseller.email, reseller.password));
    const first = await post(baseURL!, "/v1/reseller/auth/login", { email: reseller.email, password: reseller.password });
    expect(first.body).toEqual({ two_factor_required: true });
    expect(first.headers["set-cookie"]).toBeUndefined();
    const wrong = await post(baseURL!, "/v1/reseller/auth/login", {
      email: reseller.email,
      password: reseller.password,
      code: "abcde-fghij",
    });
    expect(wrong.status).toBe(422);
    const signedIn = await post(baseURL!, "/v1/reseller/auth/login", {
      email: reseller.email,
      password: reseller.password,
      code: nextStepCode(secret),
    });
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect(String(signedIn.headers["set-cookie"])).toContain("shopdesk_reseller_session=");
    const byRecovery = await post(baseURL!, "/v1/reseller/auth/login", {
      email: reseller.email,
      password: reseller.password,
      code: recoveryCodes[1],
    });
    expect(byRecovery.status).toBe(200);
  });
});

test.describe("re-authentication for sensitive changes", () => {
  test("a fresh sign-in counts as recent: API keys, then the owner is e-mailed with the address it came from", async ({
    playwright,
    anonymous,
    shopId,
    baseURL,
  }) => {
    const person = await applyAsNewPerson(anonymous, shopId);
    const client = await dashboardClient(playwright, baseURL, person.email, person.password);
    const created = await client.post("/v1/api-keys", { data: { name: "Fresh key", scope: "read" } });
    expect(created.status(), await created.text()).toBe(201);
    const mail = await smtp.waitFor(person.email, notice("“Fresh key” (read only) was created"));
    expect(flat(mail)).toContain(`By: ${person.email}, with a dashboard session`);
    expect(flat(mail)).toMatch(/From the address (127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)/);
    const revoked = await client.delete(`/v1/api-keys/${(await created.json()).id}`);
    expect(revoked.status()).toBe(200);
    await smtp.waitFor(person.email, notice("was revoked"));
  });

  test("after the window: payouts, credentials, members and keys are 403 reauthentication_required until the password is entered again", async ({
    playwright,
    seller,
    seed,
    shopId,
    baseURL,
  }) => {
    onlyOnPostgres();
    const owner = await dashboardClient(playwright, baseURL, seed.seller.email, seed.seller.password);
    const settings = (await (await owner.get(`/v1/shops/${shopId}/settings`)).json()) as { bitcoin_address: string | null };
    await ageReauthentication(owner, 11 * 60);

    const refusals = [
      await owner.put(`/v1/shops/${shopId}/settings`, { data: { bitcoin_address: settings.bitcoin_address } }),
      await owner.put(`/v1/shops/${shopId}/settings`, { data: { cardproc_webhook_secret: "whsec_reauthtest1234" } }),
      await owner.post(`/v1/shops/${shopId}/members`, { data: { email: `reauth-${Date.now()}@example.test`, role: "viewer" } }),
      await owner.put(`/v1/shops/${shopId}/members/999999999`, { data: { role: "admin" } }),
      await owner.delete(`/v1/shops/${shopId}/members/999999999`),
      await owner.post("/v1/api-keys", { data: { name: "Late key" } }),
      await owner.delete("/v1/api-keys/999999999"),
      await owner.post("/v1/account/2fa/setup"),
    ];
    for (const refused of refusals) {
      expect(refused.status(), `${refused.url()}: ${await refused.text()}`).toBe(403);
      expect(await refused.json()).toMatchObject({ error: "reauthentication_required" });
    }
    // what is not sensitive goes on: a settings body without payouts or credentials, reads
    const gateways = await owner.put(`/v1/shops/${shopId}/settings`, { data: {} });
    expect(gateways.status(), await gateways.text()).toBe(200);
    expect((await owner.get(`/v1/shops/${shopId}/members`)).status()).toBe(200);
    // an API key has no sign-in to repeat: not asked (the owner is still e-mailed)
    const byKey = await seller.put(`/v1/shops/${shopId}/settings`, { data: { bitcoin_address: settings.bitcoin_address } });
    expect(byKey.status(), await byKey.text()).toBe(200);

    await expectValidationError(await owner.post("/v1/account/reauthenticate", { data: { password: "wrong-password" } }), "password");
    const confirmed = await owner.post("/v1/account/reauthenticate", { data: { password: seed.seller.password } });
    expect(confirmed.status(), await confirmed.text()).toBe(200);
    const until = Date.parse((await confirmed.json()).reauthenticated_until);
    expect(until - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(until - Date.now()).toBeLessThanOrEqual(10 * 60_000 + 5_000);

    const saved = await owner.put(`/v1/shops/${shopId}/settings`, { data: { bitcoin_address: settings.bitcoin_address } });
    expect(saved.status(), await saved.text()).toBe(200);
    const key = await owner.post("/v1/api-keys", { data: { name: "Key after re-authentication", scope: "read" } });
    expect(key.status(), await key.text()).toBe(201);
    expect((await owner.delete(`/v1/api-keys/${(await key.json()).id}`)).status()).toBe(200);

    const payoutNotice = await smtp.waitFor(seed.seller.email, notice(`The bitcoin payout address is now ${settings.bitcoin_address}`));
    expect(payoutNotice.subject).toContain("your shop");
    expect(flat(payoutNotice)).toMatch(/with a (dashboard session|API key)/);
    await smtp.waitFor(seed.seller.email, notice("“Key after re-authentication” (read only) was created"));
  });

  test("with two-factor sign-in on, re-authentication needs the code as well", async ({ playwright, anonymous, shopId, baseURL }) => {
    onlyOnPostgres();
    const person = await applyAsNewPerson(anonymous, shopId);
    const client = await dashboardClient(playwright, baseURL, person.email, person.password);
    const { secret } = await turnOnTwoFactor(client);
    await ageReauthentication(client, 11 * 60);
    const refused = await client.post("/v1/api-keys", { data: { name: "Needs a code" } });
    expect(refused.status()).toBe(403);
    await expectValidationError(await client.post("/v1/account/reauthenticate", { data: { password: person.password } }), "code");
    const confirmed = await client.post("/v1/account/reauthenticate", { data: { password: person.password, code: nextStepCode(secret) } });
    expect(confirmed.status(), await confirmed.text()).toBe(200);
    expect((await client.post("/v1/api-keys", { data: { name: "Has a code" } })).status()).toBe(201);
  });
});
