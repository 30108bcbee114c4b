import { randomBytes, randomUUID } from "node:crypto";
import type { APIRequestContext, PlaywrightWorkerArgs } from "@playwright/test";
import type { BrowserContext } from "@playwright/test";
import { expect, test } from "./api";
import { Secret, TOTP } from "otpauth";
import { rawRequest } from "./raw-http";
import { holdSmtpListener, type ReceivedMail } from "./smtp";

/** Helpers of the account specs (docs/accounts.md): dashboard sessions of fresh people, and reset links read from real SMTP. */

/** A browser-like dashboard client: its session cookie, this site's Origin, a user agent of its own. */
export async function dashboardClient(
  playwright: PlaywrightWorkerArgs["playwright"],
  baseURL: string | undefined,
  email: string,
  password: string,
  userAgent = `accounts-spec/${randomUUID()}`,
) {
  const client = await playwright.request.newContext({
    baseURL,
    userAgent,
    extraHTTPHeaders: { Accept: "application/json", Origin: new URL(baseURL!).origin },
  });
  const login = await client.post("/v1/auth/login", { data: { email, password } });
  expect(login.status(), await login.text()).toBe(200);
  return client;
}

export const resetMail = (mail: ReceivedMail) => mail.subject === "Reset your Shopdesk password";
export const resetTokenIn = (mail: ReceivedMail) => /#token=(pr_[A-Za-z0-9_-]+)/.exec(mail.text)?.[1];

/**
 * Asks for a reset link of `email` (the dashboard's or the portal's) and
 * reads its token as the person would, from the e-mail the run's SMTP
 * stand-in received (e2e/support/smtp.ts).
 */
export async function mailedResetToken(client: APIRequestContext, email: string, portal = false): Promise<string> {
  const smtp = await holdSmtpListener();
  try {
    const asked = await client.post(`${portal ? "/v1/reseller" : "/v1"}/auth/password/forgot`, { data: { email } });
    expect(asked.status(), await asked.text()).toBe(202);
    return resetTokenIn(await smtp.waitFor(email, resetMail, 60_000))!;
  } finally {
    await smtp.close();
  }
}

/**
 * Waits, if need be, until the rate-limit window of `windowSeconds`
 * (lib/api/rate-limit.ts: windows start at multiples of their length) has
 * `neededSeconds` left: counts split across two windows are weighted, and a
 * test that counts up to a limit exactly must not straddle a boundary.
 */
export async function awayFromWindowEdge(windowSeconds: number, neededSeconds: number) {
  const left = windowSeconds - ((Date.now() / 1000) % windowSeconds);
  if (left >= neededSeconds) return;
  const waitMs = (left + 1) * 1000;
  // the wait is not the test's own time: its timeout grows by it
  test.info().setTimeout(test.info().timeout + waitMs);
  await new Promise((resolve) => setTimeout(resolve, waitMs));
}

/**
 * Sessions kept for a whole worker (the browser tier's signed-in seller)
 * outlive the 10-minute re-authentication window of sensitive changes
 * (docs/accounts.md): they enter the password again when older than this.
 */
export const REAUTHENTICATE_AFTER_MS = 4 * 60_000;

type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

/** Re-authenticates the dashboard session of `state` with its password (POST /v1/account/reauthenticate). */
export async function reauthenticate(
  playwright: PlaywrightWorkerArgs["playwright"],
  baseURL: string,
  state: StorageState,
  password: string,
) {
  const context = await playwright.request.newContext({
    baseURL,
    storageState: state,
    extraHTTPHeaders: { Accept: "application/json", Origin: new URL(baseURL).origin },
  });
  try {
    const response = await context.post("/v1/account/reauthenticate", { data: { password } });
    expect(response.status(), await response.text()).toBe(200);
  } finally {
    await context.dispose();
  }
}

/** The code an authenticator app shows for `secret` at `at` (RFC 6238: SHA-1, 6 digits, 30 s), computed by the test. */
export function totpCode(secret: string, at = Date.now()): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at });
}

/** A code the server takes as the step after the last one used: the next step (it accepts one step either side). */
export const nextStepCode = (secret: string) => totpCode(secret, Date.now() + 30_000);

/** Turns on two-factor sign-in in a dashboard session, as the account page does: setup, then a code of the new secret. */
export async function turnOnTwoFactor(client: APIRequestContext): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await client.post("/v1/account/2fa/setup");
  expect(setup.status(), await setup.text()).toBe(200);
  const { secret } = (await setup.json()) as { secret: string };
  const enabled = await client.post("/v1/account/2fa/enable", { data: { code: totpCode(secret) } });
  expect(enabled.status(), await enabled.text()).toBe(200);
  return { secret, recoveryCodes: ((await enabled.json()) as { recovery_codes: string[] }).recovery_codes };
}

/** A client address of the test's own (127.0.0.0/8), so a per-client limit counts only its requests. */
export const clientAddress = () => `127.${[...randomBytes(3)].map((byte) => Math.max(byte, 2)).join(".")}`;

/** A JSON POST from `from` (a loopback address of the test's own by default): the answer's status, headers and body. */
export async function postFrom(baseURL: string, path: string, body: unknown, from = clientAddress()) {
  const response = await rawRequest(baseURL, {
    method: "POST",
    path,
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
    localAddress: from,
  });
  return { status: response.status, headers: response.headers, body: JSON.parse(response.text) as Record<string, unknown> };
}
