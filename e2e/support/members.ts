import { randomUUID } from "node:crypto";
import type { APIRequestContext, PlaywrightWorkerArgs } from "@playwright/test";
import { expect } from "./api";
import type { ReceivedMail, SmtpListener } from "./smtp";

export const invitationMail = (mail: ReceivedMail) => mail.subject.startsWith("Join ");
export const invitationToken = (mail: ReceivedMail) => /\/invitations\/(inv_[A-Za-z0-9_-]+)/.exec(mail.text)?.[1];

export const memberEmail = (label = "member") => `${label}-${randomUUID()}@example.test`;

/** Invites `email` to the shop as `role` (201, the invitation). */
export async function invite(owner: APIRequestContext, shopId: number, email: string, role: string) {
  const response = await owner.post(`/v1/shops/${shopId}/members`, { data: { email, role } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: number; email: string; role: string; status: string; name: string | null };
}

/** A context with this app's `Origin`, as a page sends it (a session cookie counts for a change only from this origin). */
export function pageLikeContext(playwright: PlaywrightWorkerArgs["playwright"], baseURL: string) {
  return playwright.request.newContext({ baseURL, extraHTTPHeaders: { Accept: "application/json", Origin: new URL(baseURL).origin } });
}

export type Member = { id: number; email: string; password: string; session: APIRequestContext; key: string };

/**
 * A new person made a member of the shop as `role` the way a person is: the
 * invitation e-mail read from the SMTP listener, its link accepted with a
 * new password (which signs them in), then an API key made in that session.
 */
export async function addMember(
  playwright: PlaywrightWorkerArgs["playwright"],
  baseURL: string,
  owner: APIRequestContext,
  shopId: number,
  role: string,
  smtp: SmtpListener,
): Promise<Member> {
  const email = memberEmail(role);
  const invitation = await invite(owner, shopId, email, role);
  const token = invitationToken(await smtp.waitFor(email, invitationMail))!;
  expect(token).toBeTruthy();
  const session = await pageLikeContext(playwright, baseURL);
  const password = `pw-${randomUUID()}`;
  const accepted = await session.post("/v1/invitations/accept", { data: { token, name: `A ${role}`, password } });
  expect(accepted.status(), await accepted.text()).toBe(200);
  const key = await session.post("/v1/api-keys", { data: { name: `${role} key` } });
  expect(key.status(), await key.text()).toBe(201);
  return { id: invitation.id, email, password, session, key: (await key.json()).key };
}
