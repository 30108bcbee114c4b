import { randomUUID } from "node:crypto";
import type { APIRequestContext, PlaywrightWorkerArgs } from "@playwright/test";
import type { AuditEntryPage, AuditEntryView } from "../../lib/audit/schemas";
import { expect, expectForbidden, expectShopNotFound, expectValidationError, test } from "../support/api";
import { invoiceAction } from "../support/invoices";
import { addMember, invite, memberEmail } from "../support/members";
import { completedInvoice, pendingInvoice } from "../support/openapi-records";
import { freshReseller } from "../support/reseller";
import { receiverUrl } from "../support/webhook-receiver";
import { smtpListenerForSpec } from "../support/smtp";

/**
 * The audit log over HTTP (docs/audit-log.md): the entry of each audited
 * action (actor, action, target, changes with secrets masked, address and
 * user agent), none for a change that was refused and rolled back, the
 * filters and paging, who may read it. Shop-wide changes (payment settings,
 * credentials, notification settings, the theme, ownership) are made in the
 * other seller's shop and put back; shop 1 gets records of the test's own.
 * Invitations are accepted from their e-mails (e2e/support/smtp.ts).
 */
test.describe.configure({ mode: "serial" });

const smtp = smtpListenerForSpec();

const userAgent = `audit-spec/${randomUUID()}`;

/** A key client with a user agent of its own, so the entries it makes can be told apart. */
async function keyClient(playwright: PlaywrightWorkerArgs["playwright"], baseURL: string, key: string) {
  return playwright.request.newContext({
    baseURL,
    userAgent,
    extraHTTPHeaders: { Authorization: `Bearer ${key}`, Accept: "application/json" },
  });
}

async function auditLog(client: APIRequestContext, shopId: number, query: Record<string, string | number> = {}): Promise<AuditEntryPage> {
  const response = await client.get(`/v1/shops/${shopId}/audit-log`, { params: query });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as AuditEntryPage;
}

/** The entries of one target, newest first. */
async function entriesOf(client: APIRequestContext, shopId: number, type: string, id: number): Promise<AuditEntryView[]> {
  return (await auditLog(client, shopId, { target_type: type, target_id: id, perPage: 100 })).data;
}

function expectOk(response: { status(): number }, body: string) {
  expect(response.status(), body).toBe(200);
}

test.describe("audit log", () => {
  test("payment settings and credentials: one entry each, secrets masked; a refused update leaves none", async ({
    playwright,
    baseURL,
    seed,
    foreignShopId,
  }) => {
    // The other seller's shop: its seeded gateways lack their credentials, so the first update gives them (a valid
    // state kept afterwards: no other spec pays through this shop); the second is the change this test reads.
    const owner = await keyClient(playwright, baseURL!, seed.otherSeller.apiKey);
    const shopId = foreignShopId;
    const hex = () => randomUUID().replace(/-/g, "");
    const first = { litecoin_address: `ltc1q${hex().slice(0, 30)}`, cardproc_api_key: `sk_test_${hex()}` };
    const given = await owner.put(`/v1/shops/${shopId}/settings`, { data: { ...first, cardproc_webhook_secret: `whsec_${hex()}` } });
    expectOk(given, await given.text());

    const second = { litecoin_address: `ltc1q${hex().slice(0, 30)}`, cardproc_api_key: `sk_test_${hex()}` };
    const updated = await owner.put(`/v1/shops/${shopId}/settings`, { data: second });
    expectOk(updated, await updated.text());

    const [settings] = (await auditLog(owner, shopId, { action: "settings.updated", perPage: 1 })).data;
    expect(settings).toMatchObject({
      action: "settings.updated",
      target: { type: "shop", id: shopId },
      actor: { label: `${seed.otherSeller.email} (API key "Demo key")` },
      changes: { litecoin_address: { old: first.litecoin_address, new: second.litecoin_address } },
      user_agent: userAgent,
    });
    expect(Object.keys(settings!.changes)).toEqual(["litecoin_address"]);
    expect(settings!.actor.user_id).toBeGreaterThan(0);
    expect(settings!.actor.api_key_id).toBeGreaterThan(0);
    expect(settings!.ip).toMatch(/127\.0\.0\.1/);

    const credentials = await auditLog(owner, shopId, { action: "credentials.updated" });
    expect(credentials.data[0]!.changes).toEqual({
      cardproc_api_key: { old: `••••${first.cardproc_api_key.slice(-4)}`, new: `••••${second.cardproc_api_key.slice(-4)}` },
    });
    expect(credentials.data[1]!.changes).toMatchObject({ cardproc_api_key: { new: `••••${first.cardproc_api_key.slice(-4)}` } });
    // the secrets themselves are nowhere in the log
    expect(JSON.stringify(credentials)).not.toContain(first.cardproc_api_key);
    expect(JSON.stringify(credentials)).not.toContain(second.cardproc_api_key);

    // the settings' own rule refuses LTC without its address: 422, and the rolled-back transaction leaves no entry
    const before = (await auditLog(owner, shopId)).total;
    await expectValidationError(
      await owner.put(`/v1/shops/${shopId}/settings`, { data: { litecoin_address: null } }),
      "valid_payment_methods",
    );
    expect((await auditLog(owner, shopId)).total).toBe(before);
    await owner.dispose();
  });

  test("notification settings and the theme", async ({ playwright, baseURL, seed, foreignShopId }) => {
    const owner = await keyClient(playwright, baseURL!, seed.otherSeller.apiKey);
    const shopId = foreignShopId;
    const { settings } = await (await owner.get(`/v1/shops/${shopId}/notifications/settings`)).json();
    const was: boolean = settings.affiliate_payout.email;
    const theme = await (await owner.post(`/v1/shops/${shopId}/themes`, { data: { name: `Audit ${randomUUID()}` } })).json();
    const active = (await (await owner.get(`/v1/shops/${shopId}/themes`)).json()).find((t: { active: boolean }) => t.active) as
      { id: number } | undefined;
    try {
      const changed = await owner.post(`/v1/shops/${shopId}/notifications/settings`, { data: { affiliate_payout: { email: !was } } });
      expectOk(changed, await changed.text());
      const [notification] = (await auditLog(owner, shopId, { action: "notification_settings.updated", perPage: 1 })).data;
      expect(notification!.changes).toEqual({ "affiliate_payout.email": { old: was, new: !was } });

      const activated = await owner.post(`/v1/shops/${shopId}/themes/${theme.id}/activate`);
      expectOk(activated, await activated.text());
      const [entry] = await entriesOf(owner, shopId, "theme", theme.id);
      expect(entry).toMatchObject({ action: "theme.activated", changes: { theme_id: { old: active?.id ?? null, new: theme.id } } });
    } finally {
      await owner.post(`/v1/shops/${shopId}/notifications/settings`, { data: { affiliate_payout: { email: was } } });
      if (active) await owner.post(`/v1/shops/${shopId}/themes/${active.id}/activate`);
      await owner.delete(`/v1/shops/${shopId}/themes/${theme.id}`);
      await owner.dispose();
    }
  });

  test("members: invite, role change, removal; ownership transfer and back", async ({
    playwright,
    baseURL,
    seller,
    seed,
    shopId,
    foreignShopId,
  }) => {
    test.setTimeout(90_000);
    const email = memberEmail("audit");
    const invited = await invite(seller, shopId, email, "viewer");
    const changed = await seller.put(`/v1/shops/${shopId}/members/${invited.id}`, { data: { role: "support" } });
    expectOk(changed, await changed.text());
    const removed = await seller.delete(`/v1/shops/${shopId}/members/${invited.id}`);
    expectOk(removed, await removed.text());
    const entries = await entriesOf(seller, shopId, "member", invited.id);
    expect(entries.map((entry) => [entry.action, entry.changes])).toEqual([
      ["member.removed", { email: { old: email }, role: { old: "support" }, status: { old: "invited" } }],
      ["member.role_changed", { role: { old: "viewer", new: "support" } }],
      ["member.invited", { email: { new: email }, role: { new: "viewer" } }],
    ]);

    // ownership of the other seller's shop goes to a new admin and comes back
    const owner = await keyClient(playwright, baseURL!, seed.otherSeller.apiKey);
    const admin = await addMember(playwright, baseURL!, owner, foreignShopId, "admin", smtp);
    const ownerMember = ((await (await owner.get(`/v1/shops/${foreignShopId}/members`)).json()) as { id: number; role: string }[]).find(
      (member) => member.role === "owner",
    )!;
    const transferred = await owner.put(`/v1/shops/${foreignShopId}/members/${admin.id}`, { data: { role: "owner" } });
    expectOk(transferred, await transferred.text());
    const back = await admin.session.put(`/v1/shops/${foreignShopId}/members/${ownerMember.id}`, { data: { role: "owner" } });
    expectOk(back, await back.text());
    const [transfer] = await entriesOf(owner, foreignShopId, "member", admin.id).then((list) =>
      list.filter((entry) => entry.action === "ownership.transferred"),
    );
    expect(transfer!.changes).toMatchObject({
      owner: { old: seed.otherSeller.email, new: admin.email },
      role: { old: "admin", new: "owner" },
    });
    const [returned] = await entriesOf(owner, foreignShopId, "member", ownerMember.id);
    // made in the new owner's dashboard session: no key
    expect(returned).toMatchObject({ action: "ownership.transferred", actor: { label: admin.email, api_key_id: null } });
    await owner.delete(`/v1/shops/${foreignShopId}/members/${admin.id}`);
    await owner.dispose();
  });

  test("API keys: created and revoked, in the log of every shop the key reaches", async ({ sellerSignedIn, seller, seed }) => {
    const created = await sellerSignedIn.post("/v1/api-keys", {
      data: { name: `audit ${randomUUID()}`, shop_ids: [seed.seller.shopIds[0]] },
    });
    expect(created.status(), await created.text()).toBe(201);
    const key = await created.json();
    const revoked = await sellerSignedIn.delete(`/v1/api-keys/${key.id}`);
    expectOk(revoked, await revoked.text());
    const entries = await entriesOf(seller, seed.seller.shopIds[0]!, "api_key", key.id);
    expect(entries.map((entry) => entry.action)).toEqual(["api_key.revoked", "api_key.created"]);
    expect(entries[1]!.changes).toMatchObject({ name: { new: key.name }, prefix: { new: key.prefix }, scope: { new: "write" } });
    expect(entries[1]!.actor).toMatchObject({ label: seed.seller.email, api_key_id: null });
    expect(JSON.stringify(entries)).not.toContain(key.key);
    // limited to shop 1: shop 2's log does not have it
    expect(await entriesOf(seller, seed.seller.shopIds[1]!, "api_key", key.id)).toEqual([]);
  });

  test("money and deliveries: deliver (mark paid), replace, resend, paid amount, refund, status; reseller credit", async ({
    seller,
    shopId,
  }) => {
    const pending = await pendingInvoice(seller, shopId);
    const delivered = await invoiceAction(seller, shopId, pending.id, "deliver");
    expectOk(delivered, await delivered.text());
    const invoice = await delivered.json();
    const line: string = invoice.items[0].delivered[0];
    const replacement = `NEW-${randomUUID()}`;
    const replaced = await invoiceAction(seller, shopId, pending.id, "replace-delivered", {
      invoice_item_id: invoice.items[0].id,
      replacements: { "0": replacement },
    });
    expectOk(replaced, await replaced.text());
    expectOk(await invoiceAction(seller, shopId, pending.id, "resend-email"), "resend");
    const paid = await seller.put(`/v1/shops/${shopId}/invoices/${pending.id}/paid-amount`, { data: { paid: 1.5, paid_usd: 1.5 } });
    expectOk(paid, await paid.text());
    expectOk(await invoiceAction(seller, shopId, pending.id, "refund"), "refund");
    expectOk(await invoiceAction(seller, shopId, pending.id, "status", { status: "cancelled" }), "status");
    // refused (a cancelled invoice is not refunded): rolled back, no entry
    await expectValidationError(await invoiceAction(seller, shopId, pending.id, "refund"), "status");

    const entries = await entriesOf(seller, shopId, "invoice", pending.id);
    expect(entries.map((entry) => entry.action)).toEqual([
      "invoice.status_changed",
      "invoice.refunded",
      "invoice.paid_amount_changed",
      "invoice.email_resent",
      "invoice.delivery_replaced",
      "invoice.delivered",
    ]);
    const [status, refund, paidAmount, resent, replace, deliver] = entries;
    expect(deliver!.changes).toEqual({ status: { old: "pending", new: "completed" } });
    expect(replace!.changes).toEqual({
      [`items.${invoice.items[0].id}.delivered.0`]: { old: `••••${line.slice(-4)}`, new: `••••${replacement.slice(-4)}` },
    });
    expect(JSON.stringify(entries)).not.toContain(replacement);
    expect(resent!.changes).toEqual({ to: { new: pending.email } });
    expect(paidAmount!.changes).toMatchObject({ paid: { new: "1.50" }, paid_usd: { new: "1.50" } });
    expect(refund!.changes).toEqual({ status: { old: "completed", new: "refunded" } });
    expect(status!.changes).toEqual({ status: { old: "refunded", new: "cancelled" } });

    // approved, its three credentials rotated, then credited (lib's freshReseller)
    const reseller = await freshReseller(seller, shopId, 12.5);
    const resellerEntries = await entriesOf(seller, shopId, "reseller", reseller.id);
    expect(resellerEntries.map((entry) => entry.action)).toEqual([
      "reseller.balance_adjusted",
      "reseller.credential_rotated",
      "reseller.credential_rotated",
      "reseller.credential_rotated",
      "reseller.approved",
    ]);
    const [credit, token, secret, key, approved] = resellerEntries;
    expect(credit!.changes).toEqual({ balance: { old: "0.00", new: "12.50" }, amount: { new: "12.50" }, reason: { new: "Test credit" } });
    expect(key!.changes).toEqual({ api_key: { new: `••••${reseller.apiKey.slice(-4)}` } });
    expect(secret!.changes).toEqual({ signing_secret: { new: `••••${reseller.signingSecret.slice(-4)}` } });
    expect(token!.changes).toEqual({ dynamic_token: { new: `••••${reseller.dynamicToken.slice(-4)}` } });
    expect(approved!.changes).toEqual({ status: { old: "pending", new: "approved" } });
    for (const credential of [reseller.apiKey, reseller.signingSecret, reseller.dynamicToken]) {
      expect(JSON.stringify(resellerEntries)).not.toContain(credential);
    }
    // a debit below zero is refused, and approving again: no entry
    const refused = await seller.post(`/v1/shops/${shopId}/resellers/${reseller.id}/balance`, {
      data: { amount: -100, reason: "too much" },
    });
    await expectValidationError(refused, "amount");
    await expectValidationError(await seller.post(`/v1/shops/${shopId}/resellers/${reseller.id}/approve`), "status");
    expect(await entriesOf(seller, shopId, "reseller", reseller.id)).toHaveLength(5);
  });

  test("webhook endpoints: created, updated, secret rotated (masked), deleted", async ({ seller, shopId }) => {
    const url = receiverUrl(`/audit-${randomUUID()}`);
    const created = await seller.post(`/v1/shops/${shopId}/webhooks`, { data: { url, events: ["subscription.renewed"], enabled: false } });
    expect(created.status(), await created.text()).toBe(201);
    const endpoint = await created.json();
    const updated = await seller.put(`/v1/shops/${shopId}/webhooks/${endpoint.id}`, { data: { description: "audited" } });
    expectOk(updated, await updated.text());
    const rotated = await seller.post(`/v1/shops/${shopId}/webhooks/${endpoint.id}/secret/rotate`);
    expectOk(rotated, await rotated.text());
    const { secret } = await rotated.json();
    expectOk(await seller.delete(`/v1/shops/${shopId}/webhooks/${endpoint.id}`), "delete");

    const entries = await entriesOf(seller, shopId, "webhook", endpoint.id);
    expect(entries.map((entry) => entry.action)).toEqual([
      "webhook.deleted",
      "webhook.secret_rotated",
      "webhook.updated",
      "webhook.created",
    ]);
    const [deleted, rotation, update, creation] = entries;
    expect(creation!.changes).toMatchObject({ url: { new: url }, events: { new: ["subscription.renewed"] }, enabled: { new: false } });
    expect(update!.changes).toEqual({ description: { old: null, new: "audited" } });
    expect(rotation!.changes).toEqual({ secret: { new: `••••${secret.slice(-4)}` } });
    expect(deleted!.changes).toMatchObject({ url: { old: url }, description: { old: "audited" } });
    for (const value of [secret, endpoint.secret]) expect(JSON.stringify(entries)).not.toContain(value);
  });

  test("filters and paging", async ({ seller, sellerSignedIn, shopId }) => {
    const invoice = await completedInvoice(seller, shopId);
    for (const status of ["cancelled", "completed", "refunded"]) {
      expectOk(await invoiceAction(seller, shopId, invoice.id, "status", { status }), status);
    }
    const target = { target_type: "invoice", target_id: invoice.id };
    // completedInvoice's own completion is an entry too
    const all = await auditLog(seller, shopId, target);
    expect(all.total).toBe(4);
    const page2 = await auditLog(seller, shopId, { ...target, perPage: 1, page: 2 });
    expect(page2).toMatchObject({ current_page: 2, per_page: 1, last_page: 4, total: 4, from: 2, to: 2 });
    expect(page2.data[0]!.id).toBe(all.data[1]!.id);
    expect(page2.data[0]!.changes).toEqual({ status: { old: "cancelled", new: "completed" } });

    const { user } = await (await sellerSignedIn.get("/v1/auth/me")).json();
    const keyId = all.data[0]!.actor.api_key_id!;
    expect((await auditLog(seller, shopId, { ...target, user_id: user.id })).total).toBe(4);
    expect((await auditLog(seller, shopId, { ...target, api_key_id: keyId })).total).toBe(4);
    expect((await auditLog(seller, shopId, { ...target, api_key_id: keyId + 100_000 })).total).toBe(0);
    expect((await auditLog(seller, shopId, { action: "invoice.status_changed", ...target })).total).toBe(4);
    expect((await auditLog(seller, shopId, { action: "invoice.refunded", ...target })).total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await auditLog(seller, shopId, { ...target, date_from: today, date_to: today })).total).toBe(4);
    expect((await auditLog(seller, shopId, { ...target, date_to: "2020-01-01" })).total).toBe(0);
    expect((await auditLog(seller, shopId, { ...target, date_from: "2999-01-01" })).total).toBe(0);

    await expectValidationError(await seller.get(`/v1/shops/${shopId}/audit-log?action=nope`), "action");
    await expectValidationError(await seller.get(`/v1/shops/${shopId}/audit-log?target_id=3`), "target_type");
  });

  test("owners and admins read it; support and viewer are refused 403; another shop is 404; no route changes an entry", async ({
    playwright,
    baseURL,
    seller,
    otherSeller,
    shopId,
  }) => {
    test.setTimeout(90_000);
    for (const role of ["support", "viewer"] as const) {
      const member = await addMember(playwright, baseURL!, seller, shopId, role, smtp);
      await expectForbidden(await member.session.get(`/v1/shops/${shopId}/audit-log`), "audit:read");
      await seller.delete(`/v1/shops/${shopId}/members/${member.id}`);
    }
    await expectShopNotFound(await otherSeller.get(`/v1/shops/${shopId}/audit-log`));
    const admin = await addMember(playwright, baseURL!, seller, shopId, "admin", smtp);
    expect((await admin.session.get(`/v1/shops/${shopId}/audit-log?perPage=1`)).status()).toBe(200);
    await seller.delete(`/v1/shops/${shopId}/members/${admin.id}`);
    const [latest] = (await auditLog(seller, shopId, { perPage: 1 })).data;
    for (const method of ["PUT", "DELETE", "POST"]) {
      expect((await seller.fetch(`/v1/shops/${shopId}/audit-log/${latest!.id}`, { method })).status()).toBe(404);
      expect([404, 405]).toContain((await seller.fetch(`/v1/shops/${shopId}/audit-log`, { method })).status());
    }
  });
});
