import { randomUUID } from "node:crypto";
import type { APIRequestContext, PlaywrightWorkerArgs } from "@playwright/test";
import type { ApplicationView } from "../../lib/reseller/schemas";
import { expect, test } from "./api";
import { holdSmtpListener, type ReceivedMail } from "./smtp";

/** Helpers of the reseller portal specs: people who applied with a password, and cookie (browser-like) clients. */

export type Applicant = { id: number; email: string; password: string };

/** The token of an application's e-mailed link (lib/reseller/apply.ts). */
export const applicationTokenIn = (mail: ReceivedMail) => /apply\/confirm#token=(ra_[A-Za-z0-9_-]+)/.exec(mail.text)?.[1];

/**
 * Applies as a new person to `shopId` as the person would: the form (202),
 * then the e-mailed link, read from the suite's SMTP listener, which makes
 * the account and sends the application. Pending until the seller approves.
 */
export async function applyAsNewPerson(anonymous: APIRequestContext, shopId: number): Promise<Applicant> {
  const email = `applicant-${randomUUID()}@example.test`;
  const password = `pw-${randomUUID()}`;
  const smtp = await holdSmtpListener();
  try {
    const apply = () => anonymous.post("/v1/reseller/apply", { data: { shop_id: shopId, email, password, name: "Test Applicant" } });
    let response = await apply();
    // every spec applies from one address: past the new accounts an address may make a minute (test.sh raises it
    // for the suite; a server started otherwise keeps 30), wait for the window
    for (let attempt = 0; response.status() === 429 && attempt < 3; attempt++) {
      const waitMs = (Number(response.headers()["retry-after"]) || 5) * 1000;
      test.info().setTimeout(test.info().timeout + waitMs);
      await new Promise((resolve) => setTimeout(resolve, waitMs));
      response = await apply();
    }
    expect(response.status(), await response.text()).toBe(202);
    const token = applicationTokenIn(await smtp.waitFor(email, (mail) => applicationTokenIn(mail) !== undefined, 30_000));
    const confirmed = await anonymous.post("/v1/reseller/apply/confirm", { data: { token } });
    expect(confirmed.status(), await confirmed.text()).toBe(201);
    return { id: ((await confirmed.json()) as ApplicationView).reseller.id, email, password };
  } finally {
    await smtp.close();
  }
}

/** A new person who applied, was approved and credited `creditUsd` by the seller: signs in to the portal with a password. */
export async function approvedApplicant(
  anonymous: APIRequestContext,
  seller: APIRequestContext,
  shopId: number,
  creditUsd = 0,
): Promise<Applicant> {
  const applicant = await applyAsNewPerson(anonymous, shopId);
  const approved = await seller.post(`/v1/shops/${shopId}/resellers/${applicant.id}/approve`);
  expect(approved.status(), await approved.text()).toBe(200);
  if (creditUsd > 0) {
    const credited = await seller.post(`/v1/shops/${shopId}/resellers/${applicant.id}/balance`, {
      data: { amount: creditUsd, reason: "Test credit" },
    });
    expect(credited.status(), await credited.text()).toBe(200);
  }
  return applicant;
}

/** A client that behaves like the portal page: session cookie, and this site's Origin on every request. */
export async function portalClient(
  playwright: PlaywrightWorkerArgs["playwright"],
  baseURL: string | undefined,
  email: string,
  password: string,
) {
  const client = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { Accept: "application/json", Origin: new URL(baseURL!).origin },
  });
  const login = await client.post("/v1/reseller/auth/login", { data: { email, password } });
  expect(login.status(), await login.text()).toBe(200);
  return client;
}
