import { randomUUID } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import pg from "pg";
import { sha256 } from "../../lib/crypto/tokens";
import {
  awayFromWindowEdge,
  clientAddress,
  dashboardClient,
  postFrom as post,
  resetMail,
  resetTokenIn as tokenIn,
} from "../support/accounts";
import { expect, expectValidationError, test } from "../support/api";
import { inPool } from "../support/raw-http";
import { applyAsNewPerson, approvedApplicant, portalClient } from "../support/reseller-portal";
import { smtpListenerForSpec } from "../support/smtp";

/**
 * Accounts over HTTP and real SMTP (docs/accounts.md): "forgot password"
 * (one answer for every address, the e-mailed single-use link, expiry, every
 * session ended), the reseller portal's reset and an invited reseller's first
 * password, changing the password, the session list, and the sign-in limits
 * per account and per client. Fresh people (reseller applicants, who can
 * sign in to the dashboard too) so the seed's passwords never change, and
 * their mail is found by their own addresses (e2e/support/smtp.ts).
 */
test.describe.configure({ mode: "serial" });

const smtp = smtpListenerForSpec();

const signedIn = async (client: APIRequestContext) => (await client.get("/v1/auth/me")).status();

test.describe("password reset", () => {
  test("known and unknown addresses get the same 202; the link arrives over SMTP; it sets the password once and ends every session", async ({
    playwright,
    anonymous,
    shopId,
    baseURL,
  }) => {
    const person = await applyAsNewPerson(anonymous, shopId);
    const first = await dashboardClient(playwright, baseURL, person.email, person.password);
    const second = await dashboardClient(playwright, baseURL, person.email, person.password);
    const unknown = `nobody-${randomUUID()}@example.test`;

    const asked = Date.now();
    const from = clientAddress();
    const forKnown = await post(baseURL!, "/v1/auth/password/forgot", { email: person.email.toUpperCase() }, from);
    const forUnknown = await post(baseURL!, "/v1/auth/password/forgot", { email: unknown }, from);
    expect(forKnown.status, JSON.stringify(forKnown.body)).toBe(202);
    expect(forUnknown.status).toBe(202);
    expect(forUnknown.body).toEqual(forKnown.body);

    const mail = await smtp.waitFor(person.email, resetMail);
    const token = tokenIn(mail);
    expect(token, mail.text).toBeTruthy();
    expect(mail.text).toContain(`${baseURL}/reset-password#token=${token}`);
    expect(mail.html).toContain(`href="${baseURL}/reset-password#token=${token}"`);
    const until = /until (\d{4}-\d\d-\d\d \d\d:\d\d) UTC/.exec(mail.text)?.[1];
    expect(until, mail.text).toBeTruthy();
    expect(Math.abs(Date.parse(`${until!.replace(" ", "T")}:00Z`) - (asked + 3600_000))).toBeLessThan(2 * 60_000);
    const none = await smtp.waitFor(unknown, resetMail);
    expect(none.text).toContain("no account uses this address");
    expect(tokenIn(none)).toBeUndefined();

    // a short password is refused and spends nothing
    await expectValidationError(await anonymous.post("/v1/auth/password/reset", { data: { token, password: "short-one" } }), "password");
    expect(await signedIn(first)).toBe(200);

    const password = `new-${randomUUID()}`;
    const reset = await anonymous.post("/v1/auth/password/reset", { data: { token, password } });
    expect(reset.status(), await reset.text()).toBe(200);
    expect(await signedIn(first)).toBe(401);
    expect(await signedIn(second)).toBe(401);
    await expectValidationError(
      await anonymous.post("/v1/auth/login", { data: { email: person.email, password: person.password } }),
      "email",
    );
    expect((await anonymous.post("/v1/auth/login", { data: { email: person.email, password } })).status()).toBe(200);

    const again = await anonymous.post("/v1/auth/password/reset", { data: { token, password: `other-${randomUUID()}` } });
    await expectValidationError(again, "token");
    expect((await again.json()).message).toMatch(/expired or was already used/);
    await expectValidationError(
      await anonymous.post("/v1/auth/password/reset", { data: { token: "pr_unknown", password: `other-${randomUUID()}` } }),
      "token",
    );
    await Promise.all([first.dispose(), second.dispose()]);
  });

  test("a newer link or a password change makes older links lapse; the forgot form is limited per recipient", async ({
    anonymous,
    shopId,
    baseURL,
  }) => {
    const person = await applyAsNewPerson(anonymous, shopId);
    for (let i = 0; i < 3; i++) expect((await post(baseURL!, "/v1/auth/password/forgot", { email: person.email })).status).toBe(202);
    const limited = await post(baseURL!, "/v1/auth/password/forgot", { email: person.email });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);

    await expect
      .poll(async () => (await smtp.messages()).filter((mail) => mail.to.includes(person.email) && resetMail(mail)).length)
      .toBe(3);
    const tokens = (await smtp.messages()).filter((mail) => mail.to.includes(person.email) && resetMail(mail)).map(tokenIn);
    const reset = await anonymous.post("/v1/auth/password/reset", { data: { token: tokens[1], password: `new-${randomUUID()}` } });
    expect(reset.status()).toBe(200);
    for (const token of [tokens[0], tokens[2]]) {
      await expectValidationError(
        await anonymous.post("/v1/auth/password/reset", { data: { token, password: `x-${randomUUID()}` } }),
        "token",
      );
    }
  });

  test("the stored link: only its hash, an hour's life; once expired it is refused (PostgreSQL: the test reaches the rows)", async ({
    anonymous,
    shopId,
    baseURL,
  }) => {
    test.skip(
      process.env.TEST_TARGET !== "postgres",
      "the embedded database is the server's alone; the e-mail's stated expiry is checked above",
    );
    const person = await applyAsNewPerson(anonymous, shopId);
    expect((await post(baseURL!, "/v1/auth/password/forgot", { email: person.email })).status).toBe(202);
    const token = tokenIn(await smtp.waitFor(person.email, resetMail))!;
    const database = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await database.connect();
    try {
      const [row] = (
        await database.query(
          `SELECT extract(epoch FROM expires_at - created_at)::float AS lifetime, used_at FROM password_reset_tokens WHERE token_hash = $1`,
          [sha256(token)],
        )
      ).rows;
      expect(row.lifetime).toBeCloseTo(3600, 0);
      expect(row.used_at).toBeNull();
      await database.query(`UPDATE password_reset_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [
        sha256(token),
      ]);
    } finally {
      await database.end();
    }
    await expectValidationError(
      await anonymous.post("/v1/auth/password/reset", { data: { token, password: `new-${randomUUID()}` } }),
      "token",
    );
    expect((await anonymous.post("/v1/auth/login", { data: { email: person.email, password: person.password } })).status()).toBe(200);
  });

  test("a reseller resets through the portal's routes; the link opens the portal; portal sessions end", async ({
    playwright,
    anonymous,
    seller,
    shopId,
    baseURL,
  }) => {
    const reseller = await approvedApplicant(anonymous, seller, shopId);
    const portal = await portalClient(playwright, baseURL, reseller.email, reseller.password);
    expect((await portal.get("/v1/reseller/me")).status()).toBe(200);

    expect((await post(baseURL!, "/v1/reseller/auth/password/forgot", { email: reseller.email })).status).toBe(202);
    const mail = await smtp.waitFor(reseller.email, resetMail);
    const token = tokenIn(mail)!;
    expect(mail.text).toContain(`${baseURL}/reseller/reset-password#token=${token}`);
    const password = `new-${randomUUID()}`;
    expect((await anonymous.post("/v1/reseller/auth/password/reset", { data: { token, password } })).status()).toBe(200);
    expect((await portal.get("/v1/reseller/me")).status()).toBe(401);
    const login = await anonymous.post("/v1/reseller/auth/login", { data: { email: reseller.email, password } });
    expect(login.status(), await login.text()).toBe(200);
    await portal.dispose();
  });

  test("an invited reseller cannot sign in until the invitation's link sets a first password", async ({
    playwright,
    anonymous,
    seller,
    shopId,
    baseURL,
  }) => {
    const email = `invited-${randomUUID()}@example.test`;
    const invited = await seller.post(`/v1/shops/${shopId}/resellers`, { data: { email, status: "approved" } });
    expect(invited.status(), await invited.text()).toBe(201);
    await expectValidationError(await anonymous.post("/v1/reseller/auth/login", { data: { email, password: "!" } }), "email");

    const mail = await smtp.waitFor(email, (each) => each.subject.endsWith("invited you to resell"));
    const token = tokenIn(mail)!;
    expect(mail.text).toContain(`${baseURL}/reseller/reset-password#token=${token}`);
    const until = /until (\d{4}-\d\d-\d\d \d\d:\d\d) UTC/.exec(mail.text)?.[1];
    expect(Date.parse(`${until!.replace(" ", "T")}:00Z`) - Date.now()).toBeGreaterThan(6 * 86_400_000);

    const password = `first-${randomUUID()}`;
    expect((await anonymous.post("/v1/reseller/auth/password/reset", { data: { token, password } })).status()).toBe(200);
    const portal = await portalClient(playwright, baseURL, email, password);
    expect((await (await portal.get("/v1/reseller/me")).json()).user.email).toBe(email);
    await portal.dispose();
  });
});

test.describe("password change and sessions", () => {
  test("changing the password needs the current one, a session, 12 characters; every other session ends", async ({
    playwright,
    anonymous,
    seller,
    shopId,
    baseURL,
  }) => {
    const person = await applyAsNewPerson(anonymous, shopId);
    const current = await dashboardClient(playwright, baseURL, person.email, person.password);
    const other = await dashboardClient(playwright, baseURL, person.email, person.password);
    const password = `changed-${randomUUID()}`;

    const byKey = await seller.put("/v1/account/password", { data: { current_password: "whatever", password } });
    expect(byKey.status()).toBe(403);
    await expectValidationError(
      await current.put("/v1/account/password", { data: { current_password: "not-the-password", password } }),
      "current_password",
    );
    await expectValidationError(
      await current.put("/v1/account/password", { data: { current_password: person.password, password: "elevenchars" } }),
      "password",
    );
    expect(await signedIn(other)).toBe(200);

    const changed = await current.put("/v1/account/password", { data: { current_password: person.password, password } });
    expect(changed.status(), await changed.text()).toBe(200);
    expect(await signedIn(current)).toBe(200);
    expect(await signedIn(other)).toBe(401);
    await expectValidationError(
      await anonymous.post("/v1/auth/login", { data: { email: person.email, password: person.password } }),
      "email",
    );
    expect((await anonymous.post("/v1/auth/login", { data: { email: person.email, password } })).status()).toBe(200);
    await Promise.all([current.dispose(), other.dispose()]);
  });

  test("the session list: opaque ids, where each came from, the current one; revoke one; sign out everywhere else", async ({
    playwright,
    anonymous,
    seller,
    shopId,
    baseURL,
  }) => {
    const person = await applyAsNewPerson(anonymous, shopId);
    const stranger = await applyAsNewPerson(anonymous, shopId);
    const a = await dashboardClient(playwright, baseURL, person.email, person.password, "agent-A");
    const b = await dashboardClient(playwright, baseURL, person.email, person.password, "agent-B");
    const c = await dashboardClient(playwright, baseURL, person.email, person.password, "agent-C");
    const theirs = await dashboardClient(playwright, baseURL, stranger.email, stranger.password);

    expect((await seller.get("/v1/account/sessions")).status()).toBe(403);
    const listed = await a.get("/v1/account/sessions");
    expect(listed.status(), await listed.text()).toBe(200);
    const { data } = (await listed.json()) as { data: { id: string; current: boolean; user_agent: string; ip: string; kind: string }[] };
    expect(data).toHaveLength(3);
    expect(data.filter((session) => session.current).map((session) => session.user_agent)).toEqual(["agent-A"]);
    expect(data.map((session) => session.user_agent).sort()).toEqual(["agent-A", "agent-B", "agent-C"]);
    const cookies = (await a.storageState()).cookies.map((cookie) => cookie.value);
    for (const session of data) {
      expect(session.id).toMatch(/^[0-9a-f]{32}$/);
      expect(cookies.map(sha256)).not.toContain(session.id);
      expect(session.ip).toBe("127.0.0.1");
      expect(session.kind).toBe("dashboard");
    }
    const ofB = data.find((session) => session.user_agent === "agent-B")!;

    // another person's session is not found
    const theirList = (await (await theirs.get("/v1/account/sessions")).json()).data as { id: string }[];
    expect((await a.delete(`/v1/account/sessions/${theirList[0]!.id}`)).status()).toBe(404);
    expect(await signedIn(theirs)).toBe(200);

    const revoked = await a.delete(`/v1/account/sessions/${ofB.id}`);
    expect(revoked.status(), await revoked.text()).toBe(200);
    expect(await signedIn(b)).toBe(401);
    expect((await a.delete(`/v1/account/sessions/${ofB.id}`)).status()).toBe(404);
    expect(await signedIn(c)).toBe(200);

    const everywhere = await a.delete("/v1/account/sessions");
    expect(everywhere.status()).toBe(200);
    expect((await everywhere.json()).message).toBe("1 other session signed out.");
    expect(await signedIn(c)).toBe(401);
    expect(await signedIn(a)).toBe(200);
    expect(((await (await a.get("/v1/account/sessions")).json()).data as unknown[]).length).toBe(1);
    await Promise.all([a.dispose(), b.dispose(), c.dispose(), theirs.dispose()]);
  });
});

test.describe("sign-in limits", () => {
  test("per account: failures from many addresses add up, and then even the right password waits", async ({
    anonymous,
    shopId,
    baseURL,
  }) => {
    // away from the window's edge before applying: the application's check of the password, taken back when
    // its link is opened (lib/reseller/apply.ts), is in the window of the guesses
    await awayFromWindowEdge(600, 90);
    const person = await applyAsNewPerson(anonymous, shopId);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await post(baseURL!, "/v1/auth/login", { email: person.email, password: `guess-${i}` })).status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(422));
    expect(statuses[10]).toBe(429);
    const right = await post(baseURL!, "/v1/auth/login", { email: person.email, password: person.password });
    expect(right.status).toBe(429);
    expect(Number(right.headers["retry-after"])).toBeGreaterThan(0);
    expect((await post(baseURL!, "/v1/reseller/auth/login", { email: person.email, password: person.password })).status).toBe(429);
  });

  test("per client: one address spraying many accounts is refused after 100 failures, other addresses are not", async ({
    anonymous,
    seed,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    await awayFromWindowEdge(600, 120);
    const from = clientAddress();
    const statuses: number[] = [];
    await inPool([...Array(100).keys()], 2, async (i) => {
      statuses.push(
        (await post(baseURL!, "/v1/auth/login", { email: `spray-${i}-${randomUUID()}@example.test`, password: "guess" }, from)).status,
      );
    });
    expect(statuses.filter((status) => status === 422)).toHaveLength(100);
    const refused = await post(baseURL!, "/v1/auth/login", { email: seed.seller.email, password: seed.seller.password }, from);
    expect(refused.status).toBe(429);
    expect((await post(baseURL!, "/v1/auth/login", { email: seed.seller.email, password: seed.seller.password })).status).toBe(200);
    expect((await anonymous.post("/v1/auth/login", { data: { email: seed.seller.email, password: seed.seller.password } })).status()).toBe(
      200,
    );
  });
});
