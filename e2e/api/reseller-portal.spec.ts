import { randomUUID } from "node:crypto";
import { expect, expectUnauthenticated, expectValidationError, test } from "../support/api";
import { balanceOf, pickVariant, resellerClient } from "../support/reseller";
import { applicationTokenIn, applyAsNewPerson, approvedApplicant, portalClient } from "../support/reseller-portal";
import { documentValidator } from "../support/openapi";
import { holdSmtpListener } from "../support/smtp";

type LedgerEntry = {
  id: number;
  kind: string;
  amount_usd: number;
  balance_after: number;
  reason: string;
  invoice: { id: number; unique_id: string } | null;
  created_at: string;
};

test.describe("reseller portal API", () => {
  test("the demo reseller signs in; the cookie works on reseller routes, with the CSRF check; sign-out ends it", async ({
    playwright,
    baseURL,
    seed,
  }) => {
    const origin = new URL(baseURL!).origin;
    const browser = await playwright.request.newContext({ baseURL });
    const login = await browser.post("/v1/reseller/auth/login", { data: { email: seed.reseller.email, password: seed.reseller.password } });
    expect(login.status(), await login.text()).toBe(200);
    const cookie = login.headers()["set-cookie"]!;
    expect(cookie).toContain("shopdesk_reseller_session=");
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    const profile = await login.json();
    expect(profile.user.email).toBe(seed.reseller.email);
    expect(profile.reseller).toMatchObject({
      status: "approved",
      shop: { id: seed.reseller.shopId },
      dynamic_token: seed.reseller.dynamicToken,
    });
    expect(profile.reseller.api_key_prefix).toMatch(/^sd_rsl_/);
    expect(JSON.stringify(profile)).not.toContain(seed.reseller.signingSecret);

    expect((await browser.get("/v1/reseller/me")).status()).toBe(200);
    expect((await browser.get("/v1/reseller/balance")).status()).toBe(200);
    // The portal session is not a seller session.
    await expectUnauthenticated(await browser.get("/v1/shops"));
    // State-changing requests need this site's Origin.
    await expectUnauthenticated(await browser.post("/v1/reseller/test-delivery", { data: { product_id: 1, variant_id: 1 } }));
    await expectUnauthenticated(
      await browser.post("/v1/reseller/test-delivery", {
        data: { product_id: 1, variant_id: 1 },
        headers: { Origin: "https://evil.example" },
      }),
    );
    const sameOrigin = await browser.post("/v1/reseller/test-delivery", {
      data: { product_id: 999999, variant_id: 999999 },
      headers: { Origin: origin },
    });
    expect(sameOrigin.status()).toBe(200);
    expect(await sameOrigin.json()).toMatchObject({ status: 422, body: "Unknown product or variant." });

    expect((await browser.post("/v1/reseller/auth/logout", { headers: { Origin: "https://evil.example" } })).status()).toBe(403);
    expect((await browser.get("/v1/reseller/me")).status()).toBe(200);
    expect((await browser.post("/v1/reseller/auth/logout", { headers: { Origin: origin } })).status()).toBe(200);
    await expectUnauthenticated(await browser.get("/v1/reseller/me"));
    await browser.dispose();
  });

  test("sign-in refusals: wrong password, not a reseller, pending, another shop, cross-origin, bad input", async ({
    anonymous,
    seed,
    seller,
    shopId,
  }) => {
    await expectValidationError(
      await anonymous.post("/v1/reseller/auth/login", { data: { email: seed.reseller.email, password: "nope" } }),
      "email",
    );
    await expectValidationError(await anonymous.post("/v1/reseller/auth/login", { data: { email: "x" } }), "password");
    await expectValidationError(
      await anonymous.post("/v1/reseller/auth/login", { data: { email: seed.reseller.email, password: "x", shop_id: "abc" } }),
      "shop_id",
    );
    // the other seller resells nothing
    const notReseller = await expectValidationError(
      await anonymous.post("/v1/reseller/auth/login", { data: { email: seed.otherSeller.email, password: seed.otherSeller.password } }),
      "email",
    );
    expect(notReseller.message).toBe("This account is not a reseller of any shop.");
    const pending = await applyAsNewPerson(anonymous, shopId);
    const refused = await expectValidationError(
      await anonymous.post("/v1/reseller/auth/login", { data: { email: pending.email, password: pending.password } }),
      "email",
    );
    expect(refused.message).toContain("waiting for the seller's approval");
    await expectValidationError(
      await anonymous.post("/v1/reseller/auth/login", {
        data: { email: seed.reseller.email, password: seed.reseller.password, shop_id: seed.seller.shopIds[1] },
      }),
      "shop_id",
    );
    const foreign = await anonymous.post("/v1/reseller/auth/login", {
      data: { email: seed.reseller.email, password: seed.reseller.password },
      headers: { Origin: "https://evil.example" },
    });
    expect(foreign.status()).toBe(403);
    // suspended after approval: refused too
    expect((await seller.post(`/v1/shops/${shopId}/resellers/${pending.id}/suspend`)).status()).toBe(200);
    const suspended = await expectValidationError(
      await anonymous.post("/v1/reseller/auth/login", { data: { email: pending.email, password: pending.password } }),
      "email",
    );
    expect(suspended.message).toContain("suspended");
  });

  test("apply: a new person is pending, the seller sees and approves it, then the person signs in", async ({
    playwright,
    baseURL,
    anonymous,
    seller,
    shopId,
    seed,
  }) => {
    const applicant = await applyAsNewPerson(anonymous, shopId);
    const pending = await (
      await seller.get(`/v1/shops/${shopId}/resellers`, { params: { status: "pending", email: applicant.email.toUpperCase() } })
    ).json();
    expect(pending.total).toBe(1);
    expect(pending.data[0]).toMatchObject({ id: applicant.id, email: applicant.email, status: "pending", balance: 0 });
    // `%` and `_` in the search are literal
    expect((await (await seller.get(`/v1/shops/${shopId}/resellers`, { params: { email: "%" } })).json()).total).toBe(0);
    const notifications = await (await seller.get(`/v1/shops/${shopId}/notifications/page?perPage=100`)).json();
    expect(JSON.stringify(notifications)).toContain(applicant.email);

    // the same person again, with the right password: proven, so told at once
    const again = await expectValidationError(
      await anonymous.post("/v1/reseller/apply", { data: { shop_id: shopId, email: applicant.email, password: applicant.password } }),
      "shop_id",
    );
    expect(again.message).toContain("already applied");

    expect((await seller.post(`/v1/shops/${shopId}/resellers/${applicant.id}/approve`)).status()).toBe(200);
    const client = await portalClient(playwright, baseURL, applicant.email, applicant.password);
    const me = await (await client.get("/v1/reseller/me")).json();
    expect(me.reseller).toMatchObject({ id: applicant.id, status: "approved", api_key_prefix: null });

    // signed in, applying to another shop needs no password; the owner of a shop cannot resell it
    const other = await client.post("/v1/reseller/apply", { data: { shop_id: seed.otherSeller.shopIds[0] } });
    expect(other.status(), await other.text()).toBe(201);
    expect((await other.json()).reseller).toMatchObject({ status: "pending", shop: { id: seed.otherSeller.shopIds[0] } });
    const own = await expectValidationError(
      await anonymous.post("/v1/reseller/apply", { data: { shop_id: shopId, email: seed.seller.email, password: seed.seller.password } }),
      "shop_id",
    );
    expect(own.message).toBe("You own this shop.");
    await client.dispose();
  });

  test("apply answers alike for an address without an account and for an account with a wrong password; only the mailbox goes on", async ({
    playwright,
    baseURL,
    anonymous,
    seller,
    shopId,
  }) => {
    const smtp = await holdSmtpListener();
    try {
      const known = await applyAsNewPerson(anonymous, shopId);
      const unknownEmail = `unknown-${randomUUID()}@example.test`;
      const password = `chosen-${randomUUID()}`;
      const apply = (email: string) => anonymous.post("/v1/reseller/apply", { data: { shop_id: shopId, email, password, name: "Person" } });
      const [toKnown, toUnknown] = [await apply(known.email), await apply(unknownEmail)];
      expect([toKnown.status(), toUnknown.status()]).toEqual([202, 202]);
      expect(await toKnown.json()).toEqual(await toUnknown.json());
      const validator = await documentValidator(anonymous);
      await validator.expectDocumented(toUnknown, "applyToResell", 202);

      // the account's mailbox is told, with no link; the other gets the link, and no account exists before it is opened
      const note = await smtp.waitFor(known.email, (mail) => mail.subject.startsWith("Your application"));
      expect(applicationTokenIn(note)).toBeUndefined();
      expect(note.text).toContain("reseller/login");
      const linkMail = await smtp.waitFor(unknownEmail, (mail) => applicationTokenIn(mail) !== undefined);
      const signIn = () => anonymous.post("/v1/auth/login", { data: { email: unknownEmail, password } });
      await expectValidationError(await signIn(), "email");
      const pendingBefore = await (await seller.get(`/v1/shops/${shopId}/resellers`, { params: { email: unknownEmail } })).json();
      expect(pendingBefore.total).toBe(0);

      const token = applicationTokenIn(linkMail)!;
      const confirmed = await anonymous.post("/v1/reseller/apply/confirm", { data: { token } });
      expect(confirmed.status(), await confirmed.text()).toBe(201);
      await validator.expectDocumented(confirmed, "confirmApplication", 201);
      const { reseller } = await confirmed.json();
      const listed = await (await seller.get(`/v1/shops/${shopId}/resellers`, { params: { email: unknownEmail } })).json();
      expect(listed.data).toEqual([expect.objectContaining({ id: reseller.id, status: "pending", name: "Person" })]);
      // single use
      await expectValidationError(await anonymous.post("/v1/reseller/apply/confirm", { data: { token } }), "token");
      await expectValidationError(await anonymous.post("/v1/reseller/apply/confirm", { data: { token: "ra_nothing" } }), "token");
      // the account has the password chosen at the application
      expect((await seller.post(`/v1/shops/${shopId}/resellers/${reseller.id}/approve`)).status()).toBe(200);
      const client = await portalClient(playwright, baseURL, unknownEmail, password);
      await client.dispose();
    } finally {
      await smtp.close();
    }
  });

  test("apply: validation", async ({ anonymous, shopId }) => {
    await expectValidationError(
      await anonymous.post("/v1/reseller/apply", { data: { email: "a@example.test", password: "long-enough-password" } }),
      "shop_id",
    );
    await expectValidationError(await anonymous.post("/v1/reseller/apply", { data: { shop_id: shopId } }), "email");
    await expectValidationError(
      await anonymous.post("/v1/reseller/apply", { data: { shop_id: shopId, email: "not-an-email", password: "long-enough-password" } }),
      "email",
    );
    await expectValidationError(
      await anonymous.post("/v1/reseller/apply", {
        data: { shop_id: shopId, email: `short-${Date.now()}@example.test`, password: "short" },
      }),
      "password",
    );
    await expectValidationError(
      await anonymous.post("/v1/reseller/apply", {
        data: { shop_id: 99999999, email: `x-${Date.now()}@example.test`, password: "long-enough-password" },
      }),
      "shop_id",
    );
    const foreign = await anonymous.post("/v1/reseller/apply", { data: { shop_id: shopId }, headers: { Origin: "https://evil.example" } });
    expect(foreign.status()).toBe(403);
  });

  test("ledger: credits and charges newest first with the balance after each; paginated; reseller auth only", async ({
    playwright,
    baseURL,
    anonymous,
    seller,
    shopId,
  }) => {
    const applicant = await approvedApplicant(anonymous, seller, shopId, 100);
    const client = await portalClient(playwright, baseURL, applicant.email, applicant.password);
    const first = await (await client.get("/v1/reseller/ledger")).json();
    expect(first).toMatchObject({ current_page: 1, per_page: 20, total: 1, from: 1, to: 1, last_page: 1 });
    expect(first.data[0]).toMatchObject({ kind: "adjustment", amount_usd: 100, balance_after: 100, reason: "Test credit", invoice: null });

    const { productId, variant } = await pickVariant(
      client,
      (v) => v.deliverables_type === "serials" && v.stock >= 5 && v.reseller_price <= 25,
    );
    const bought = await client.post("/v1/reseller/invoices", {
      data: { items: [{ product_id: productId, variant_id: variant.id, quantity: 1 }] },
    });
    expect(bought.status(), await bought.text()).toBe(201);
    const invoice = await bought.json();

    const after = await (await client.get("/v1/reseller/ledger?perPage=1")).json();
    expect(after).toMatchObject({ total: 2, per_page: 1, last_page: 2 });
    const charge: LedgerEntry = after.data[0];
    expect(charge).toMatchObject({
      kind: "charge",
      amount_usd: -invoice.total_usd,
      invoice: { id: invoice.id, unique_id: invoice.unique_id },
    });
    expect(charge.balance_after).toBe(await balanceOf(client));
    expect((await (await client.get("/v1/reseller/ledger?page=2&perPage=1")).json()).data[0].kind).toBe("adjustment");

    await expectValidationError(await client.get("/v1/reseller/ledger?perPage=101"), "perPage");
    await expectValidationError(await client.get("/v1/reseller/ledger?page=0"), "page");
    await expectUnauthenticated(await anonymous.get("/v1/reseller/ledger"));
    await expectUnauthenticated(await seller.get("/v1/reseller/ledger"));
    await client.dispose();
  });

  test("test delivery: a signed call of the reseller's own receiver, charged like one; failures show the receiver's answer", async ({
    playwright,
    baseURL,
    anonymous,
    seller,
    shopId,
  }) => {
    const applicant = await approvedApplicant(anonymous, seller, shopId, 100);
    const client = await portalClient(playwright, baseURL, applicant.email, applicant.password);
    const { productId, variant } = await pickVariant(
      client,
      (v) => v.deliverables_type === "serials" && v.stock >= 5 && v.reseller_price <= 25,
    );
    const before = await balanceOf(client);

    const sent = await client.post("/v1/reseller/test-delivery", { data: { product_id: productId, variant_id: variant.id } });
    expect(sent.status(), await sent.text()).toBe(200);
    const result = await sent.json();
    expect(result.status).toBe(200);
    expect(result.body.split("\n")).toHaveLength(1);
    expect(result.url).toBe(variant.dynamic_url);
    expect(await balanceOf(client)).toBe(Math.round((before - variant.reseller_price) * 100) / 100);
    const invoices = await (await client.get("/v1/reseller/invoices")).json();
    expect(invoices.data[0].reseller_source).toBe(2);

    // a rotated secret is used at once (the server signs with the current one)
    expect((await client.post("/v1/reseller/signing-secret/rotate")).status()).toBe(200);
    const twice = await (
      await client.post("/v1/reseller/test-delivery", { data: { product_id: productId, variant_id: variant.id, quantity: 2 } })
    ).json();
    expect(twice.status).toBe(200);
    expect(twice.body.split("\n")).toHaveLength(2);

    const tooMany = await (
      await client.post("/v1/reseller/test-delivery", { data: { product_id: productId, variant_id: variant.id, quantity: 100 } })
    ).json();
    expect(tooMany).toMatchObject({ status: 422, body: "Insufficient balance." });
    await expectValidationError(
      await client.post("/v1/reseller/test-delivery", { data: { product_id: productId, variant_id: variant.id, quantity: 0 } }),
      "quantity",
    );
    await expectValidationError(await client.post("/v1/reseller/test-delivery", { data: { product_id: productId } }), "variant_id");
    await expectUnauthenticated(
      await anonymous.post("/v1/reseller/test-delivery", { data: { product_id: productId, variant_id: variant.id } }),
    );
    await client.dispose();
  });

  test("password change: the portal session only, the current password checked, every other session ends", async ({
    playwright,
    baseURL,
    anonymous,
    seller,
    shopId,
  }) => {
    const applicant = await approvedApplicant(anonymous, seller, shopId);
    const client = await portalClient(playwright, baseURL, applicant.email, applicant.password);
    const otherSession = await portalClient(playwright, baseURL, applicant.email, applicant.password);
    const { api_key } = await (await client.post("/v1/reseller/api-key/rotate")).json();
    const keyed = await resellerClient(playwright, baseURL, api_key);
    const password = `changed-${randomUUID()}`;

    const byKey = await keyed.put("/v1/reseller/account/password", { data: { current_password: applicant.password, password } });
    expect(byKey.status()).toBe(403);
    expect((await byKey.json()).message).toContain("portal session");
    const change = (data: object) => client.put("/v1/reseller/account/password", { data });
    await expectValidationError(await change({ current_password: "not-the-password", password }), "current_password");
    await expectValidationError(await change({ current_password: applicant.password, password: "short" }), "password");
    const changed = await change({ current_password: applicant.password, password });
    expect(changed.status(), await changed.text()).toBe(200);

    expect((await client.get("/v1/reseller/me")).status()).toBe(200);
    await expectUnauthenticated(await otherSession.get("/v1/reseller/me"));
    // the key is no session: it keeps working
    expect((await keyed.get("/v1/reseller/me")).status()).toBe(200);
    const signIn = (password: string) => anonymous.post("/v1/reseller/auth/login", { data: { email: applicant.email, password } });
    expect((await signIn(applicant.password)).status()).toBe(422);
    expect((await signIn(password)).status()).toBe(200);
    await Promise.all([client.dispose(), otherSession.dispose(), keyed.dispose()]);
  });

  test("me and ledger with a reseller API key too", async ({ playwright, baseURL, seed }) => {
    const client = await resellerClient(playwright, baseURL, seed.reseller.apiKey);
    const me = await (await client.get("/v1/reseller/me")).json();
    expect(me.user.email).toBe(seed.reseller.email);
    const ledger = await (await client.get("/v1/reseller/ledger")).json();
    expect(ledger.total).toBeGreaterThan(0);
    const ids = ledger.data.map((entry: LedgerEntry) => entry.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
    await client.dispose();
  });
});
