import { randomUUID } from "node:crypto";
import type { APIRequestContext, PlaywrightWorkerArgs } from "@playwright/test";
import { expect } from "./api";
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
 * reads its token as the person would, from the e-mail: holds the suite's
 * SMTP listener meanwhile (specs that read e-mail take turns).
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
  if (left < neededSeconds) await new Promise((resolve) => setTimeout(resolve, (left + 1) * 1000));
}
