import type { APIRequestContext } from "@playwright/test";
import { roleAllows, ROLES, type Permission } from "../../lib/members/permissions";
import {
  expect,
  expectForbidden,
  expectShopNotFound,
  expectUnauthenticated,
  expectValidationError,
  signedInContext,
  test,
} from "../support/api";
import { addMember, invitationMail, invitationToken, invite, memberEmail, pageLikeContext, type Member } from "../support/members";
import { smtpListenerForSpec } from "../support/smtp";

/**
 * Teams and roles over HTTP: members made the way people are (the e-mailed
 * invitation read from the real SMTP listener, accepted with a password),
 * each role against a route of each permission, removal, ownership
 * transfer, and what API keys may do. Each invitation is found by its
 * address, new for the test (or the other demo seller's, which only this
 * spec invites), so other specs' mail, read at the same time, never mixes in.
 */
test.describe.configure({ mode: "serial" });

const smtp = smtpListenerForSpec();

const MISSING = 999_999_999;

/** One request per permission: what a member whose role holds it gets past the permission check with (2xx, or a 404/422 after it). */
const probes: Record<Permission, { method: "GET" | "POST" | "PUT" | "DELETE"; path: string; data?: unknown; route?: Permission }> = {
  "shop:read": { method: "GET", path: "" },
  "invoices:read": { method: "GET", path: "/invoices?perPage=1" },
  "invoices:deliver": { method: "POST", path: `/invoices/${MISSING}/deliver` },
  "invoices:write": { method: "POST", path: `/invoices/${MISSING}/archive` },
  "customers:read": { method: "GET", path: "/customers?perPage=1" },
  "customers:write": { method: "POST", path: "/customers", data: {} },
  "customers:balance": { method: "POST", path: `/customers/${MISSING}/balance`, data: { amount: 1 } },
  "catalog:read": { method: "GET", path: "/products?perPage=1" },
  "catalog:write": { method: "POST", path: "/products", data: {} },
  "secrets:read": { method: "GET", path: "/webhooks" },
  "settings:read": { method: "GET", path: "/settings" },
  "settings:write": { method: "POST", path: "/blacklist", data: {} },
  "notifications:write": { method: "POST", path: "/notifications/mark-as-read" },
  "payments:write": { method: "PUT", path: "/settings", data: {} },
  // the payment settings' route needs payments:write; a payout address in the body needs payouts:write as well
  "payouts:write": { method: "PUT", path: "/settings", data: { litecoin_address: null }, route: "payments:write" },
  "resellers:read": { method: "GET", path: "/resellers?perPage=1" },
  "resellers:write": { method: "POST", path: `/resellers/${MISSING}/approve` },
  "exports:read": { method: "GET", path: "/customers/export" },
  "members:read": { method: "GET", path: "/members" },
  "members:manage": { method: "PUT", path: `/members/${MISSING}`, data: { role: "viewer" } },
  "audit:read": { method: "GET", path: "/audit-log?perPage=1" },
  "feedback:read": { method: "GET", path: "/feedbacks?perPage=1" },
  "feedback:write": { method: "POST", path: `/feedbacks/${MISSING}/reply`, data: { reply: "Thanks" } },
  "tickets:read": { method: "GET", path: "/tickets?perPage=1" },
  "tickets:write": { method: "POST", path: `/tickets/${MISSING}/close` },
  "blog:read": { method: "GET", path: "/blog-posts?perPage=1" },
  "blog:write": { method: "PUT", path: `/blog-posts/${MISSING}`, data: {} },
  // a name that is not the shop's: the owner is refused 422 after the permission check, nothing is deleted
  "shop:delete": { method: "DELETE", path: "", data: { name: "not this shop's name", password: "x" } },
};

function probe(client: APIRequestContext, shopId: number, permission: Permission) {
  const { method, path, data } = probes[permission];
  return client.fetch(`/v1/shops/${shopId}${path}`, { method, ...(data === undefined ? {} : { data }) });
}

const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });

test.describe("roles", () => {
  const team: Partial<Record<string, Member>> = {};

  test("each role gets past a route of each permission it holds and is refused 403 naming the others; another shop stays 404", async ({
    playwright,
    baseURL,
    seller,
    seed,
    foreignShopId,
  }) => {
    test.setTimeout(120_000);
    // the demo seller's second shop: its payouts are cleared and set by no other spec
    const shopId = seed.seller.shopIds[1]!;
    for (const role of ["admin", "support", "viewer"] as const)
      team[role] = await addMember(playwright, baseURL!, seller, shopId, role, smtp);
    const clients: Record<string, APIRequestContext> = { owner: seller };
    for (const role of ["admin", "support", "viewer"]) {
      clients[role] = await playwright.request.newContext({
        baseURL,
        extraHTTPHeaders: { ...bearer(team[role]!.key), Accept: "application/json" },
      });
    }

    for (const role of ROLES) {
      for (const permission of Object.keys(probes) as Permission[]) {
        const response = await probe(clients[role]!, shopId, permission);
        const first = probes[permission].route;
        if (first && !roleAllows(role, first)) {
          await expectForbidden(response, first);
        } else if (roleAllows(role, permission)) {
          expect(response.status(), `${role} on ${permission}: ${await response.text()}`).not.toBe(403);
          expect(response.status(), `${role} on ${permission}`).toBeLessThan(500);
        } else {
          await expectForbidden(response, permission);
        }
      }
      // a shop the member does not belong to is not theirs: 404 whatever the role
      if (role !== "owner") await expectShopNotFound(await probe(clients[role]!, foreignShopId, "shop:read"));
      if (role !== "owner") await expectShopNotFound(await probe(clients[role]!, seed.seller.shopIds[0]!, "invoices:read"));
    }

    // the stated rules, in words
    await expectForbidden(await probe(clients.admin!, shopId, "members:manage"), "members:manage");
    await expectForbidden(await probe(clients.admin!, shopId, "payouts:write"), "payouts:write");
    // past the permission: the settings' own rule may still refuse the empty body (422) while a gateway is on without its address
    const adminPayments = await probe(clients.admin!, shopId, "payments:write");
    expect([200, 422], await adminPayments.text()).toContain(adminPayments.status());
    expect((await probe(clients.support!, shopId, "invoices:deliver")).status()).toBe(404);
    await expectForbidden(await probe(clients.support!, shopId, "settings:read"), "settings:read");
    await expectForbidden(await probe(clients.support!, shopId, "exports:read"), "exports:read");
    await expectForbidden(await probe(clients.viewer!, shopId, "secrets:read"), "secrets:read");
    await expectForbidden(await probe(clients.viewer!, shopId, "invoices:deliver"), "invoices:deliver");

    // a member's shop list holds the shops they belong to, with their role, and nothing else
    const listed = await (await clients.support!.get("/v1/shops")).json();
    expect(listed.map((shop: { id: number; role: string }) => [shop.id, shop.role])).toEqual([[shopId, "support"]]);
    for (const client of Object.values(clients)) if (client !== seller) await client.dispose();
  });

  test("the members list shows the team; the invitation answer is the same for an address with or without an account", async ({
    seller,
    seed,
  }) => {
    const shopId = seed.seller.shopIds[1]!;
    const members = await (await seller.get(`/v1/shops/${shopId}/members`)).json();
    expect(members[0]).toMatchObject({ email: seed.seller.email, role: "owner", status: "active" });
    expect(members.find((member: { email: string }) => member.email === team.support!.email)).toMatchObject({
      role: "support",
      status: "active",
      name: "A support",
    });

    const known = await seller.post(`/v1/shops/${shopId}/members`, { data: { email: seed.reseller.email, role: "viewer" } });
    const unknown = await seller.post(`/v1/shops/${shopId}/members`, { data: { email: memberEmail("unknown"), role: "viewer" } });
    expect(known.status()).toBe(201);
    expect(unknown.status()).toBe(201);
    const [a, b] = [await known.json(), await unknown.json()];
    expect(Object.keys(a).sort()).toEqual(Object.keys(b).sort());
    for (const body of [a, b]) {
      expect(body).toMatchObject({ role: "viewer", status: "invited", name: null });
      expect(body).not.toHaveProperty("user_id");
    }
    await expectValidationError(
      await seller.post(`/v1/shops/${shopId}/members`, { data: { email: team.viewer!.email, role: "admin" } }),
      "email",
    );
    await expectValidationError(
      await seller.post(`/v1/shops/${shopId}/members`, { data: { email: memberEmail(), role: "owner" } }),
      "role",
    );
    for (const body of [a, b]) expect((await seller.delete(`/v1/shops/${shopId}/members/${body.id}`)).status()).toBe(200);
  });

  test("an invitation accepted while signed in adds the shop to that account; links work once; a short password is refused", async ({
    playwright,
    baseURL,
    seller,
    seed,
    anonymous,
  }) => {
    const shopId = seed.seller.shopIds[1]!;
    // the other demo seller has an account: signed in, the link adds the membership
    await invite(seller, shopId, seed.otherSeller.email, "viewer");
    const mail = await smtp.waitFor(seed.otherSeller.email, invitationMail);
    const token = invitationToken(mail)!;
    expect(mail.text).toContain(`${baseURL}/invitations/${token}`);
    // not signed in, an address with an account is told to sign in (only the link's holder learns it)
    await expectValidationError(
      await anonymous.post("/v1/invitations/accept", { data: { token, password: "a long enough password" } }),
      "token",
    );
    const other = await signedInContext(playwright, baseURL!, seed.otherSeller.email, seed.otherSeller.password);
    const accepted = await other.post("/v1/invitations/accept", { data: { token } });
    expect(accepted.status(), await accepted.text()).toBe(200);
    expect(await accepted.json()).toMatchObject({ shop: { id: shopId }, role: "viewer", user: { email: seed.otherSeller.email } });
    const again = await other.post("/v1/invitations/accept", { data: { token } });
    expect(again.status()).toBe(410);
    const shops = await (await other.get("/v1/shops")).json();
    expect(shops.find((shop: { id: number }) => shop.id === shopId)).toMatchObject({ role: "viewer" });
    expect((await other.get(`/v1/shops/${shopId}/invoices?perPage=1`)).status()).toBe(200);

    // withdrawn from the team: the next request is refused
    const members = await (await seller.get(`/v1/shops/${shopId}/members`)).json();
    const membership = members.find((member: { email: string }) => member.email === seed.otherSeller.email);
    expect((await seller.delete(`/v1/shops/${shopId}/members/${membership.id}`)).status()).toBe(200);
    await expectShopNotFound(await other.get(`/v1/shops/${shopId}/invoices?perPage=1`));
    await other.dispose();

    // a new account's password: at least 12 characters
    const email = memberEmail("short");
    await invite(seller, shopId, email, "support");
    const fresh = invitationToken(await smtp.waitFor(email, invitationMail))!;
    const page = await pageLikeContext(playwright, baseURL!);
    await expectValidationError(await page.post("/v1/invitations/accept", { data: { token: fresh, password: "short" } }), "password");
    expect(
      (await page.post("/v1/invitations/accept", { data: { token: "inv_nothing", password: "a long enough password" } })).status(),
    ).toBe(410);
    await page.dispose();
  });

  test("a removed member loses access at their next request, by key and by session", async ({ seller, seed, anonymous }) => {
    const shopId = seed.seller.shopIds[1]!;
    const viewer = team.viewer!;
    const byKey = { headers: bearer(viewer.key) };
    expect((await anonymous.get(`/v1/shops/${shopId}/invoices?perPage=1`, byKey)).status()).toBe(200);
    expect((await viewer.session.get(`/v1/shops/${shopId}/invoices?perPage=1`)).status()).toBe(200);
    const removed = await seller.delete(`/v1/shops/${shopId}/members/${viewer.id}`);
    expect(await removed.json()).toEqual({ message: "Member deleted." });
    await expectShopNotFound(await anonymous.get(`/v1/shops/${shopId}/invoices?perPage=1`, byKey));
    await expectShopNotFound(await viewer.session.get(`/v1/shops/${shopId}/invoices?perPage=1`));
    expect(await (await viewer.session.get("/v1/shops")).json()).toEqual([]);
  });

  test("ownership transfers in one step: the new owner manages members, the old one is admin", async ({ seller, seed, anonymous }) => {
    const shopId = seed.seller.shopIds[1]!;
    const admin = team.admin!;
    const asAdmin = { headers: bearer(admin.key) };
    const owner = await (await seller.get(`/v1/shops/${shopId}/members`)).json();
    const demo = owner.find((member: { role: string }) => member.role === "owner");
    // the owner's own role changes only by a transfer, and the owner cannot be removed
    await expectValidationError(await seller.put(`/v1/shops/${shopId}/members/${demo.id}`, { data: { role: "admin" } }), "role");
    await expectValidationError(await seller.delete(`/v1/shops/${shopId}/members/${demo.id}`), "role");

    const transferred = await seller.put(`/v1/shops/${shopId}/members/${admin.id}`, { data: { role: "owner" } });
    try {
      expect(transferred.status(), await transferred.text()).toBe(200);
      expect(await transferred.json()).toMatchObject({ email: admin.email, role: "owner" });
      const team = await (await anonymous.get(`/v1/shops/${shopId}/members`, asAdmin)).json();
      expect(team.filter((member: { role: string }) => member.role === "owner").map((member: { email: string }) => member.email)).toEqual([
        admin.email,
      ]);
      expect(team.find((member: { id: number }) => member.id === demo.id).role).toBe("admin");
      expect((await anonymous.get(`/v1/shops/${shopId}`, asAdmin).then((r) => r.json())).owner_id).not.toBe(undefined);
      await expectForbidden(await seller.put(`/v1/shops/${shopId}/members/${admin.id}`, { data: { role: "admin" } }), "members:manage");
    } finally {
      // and back, so the demo seller owns its shop again for every other spec
      const back = await anonymous.put(`/v1/shops/${shopId}/members/${demo.id}`, { ...asAdmin, data: { role: "owner" } });
      expect(back.status(), await back.text()).toBe(200);
    }
    const after = await (await seller.get(`/v1/shops/${shopId}/members`)).json();
    expect(after.find((member: { id: number }) => member.id === admin.id).role).toBe("admin");
  });

  test("the shop's secrets reach an owner's or admin's key only", async ({ seller, seed, anonymous }) => {
    // The shop's payment settings are shared with other specs: give it a key only if it has none (a gateway another
    // spec enabled keeps its own), and compare the admin's view with the owner's rather than with a fixed value.
    const shopId = seed.seller.shopIds[1]!;
    const ownerView = async () => (await (await seller.get(`/v1/shops/${shopId}`)).json()).cardproc_api_key as string | null;
    const hadKey = (await ownerView()) !== null;
    if (!hadKey) {
      const set = await seller.put(`/v1/shops/${shopId}/settings`, { data: { cardproc_api_key: "sk_test_rolesSecret123" } });
      expect(set.status(), await set.text()).toBe(200);
    }
    const before = await ownerView();
    const admin = await (await anonymous.get(`/v1/shops/${shopId}`, { headers: bearer(team.admin!.key) })).json();
    const after = await ownerView();
    expect(admin.cardproc_api_key).not.toBeNull();
    expect([before, after]).toContain(admin.cardproc_api_key);
    const support = await (await anonymous.get(`/v1/shops/${shopId}`, { headers: bearer(team.support!.key) })).json();
    expect(support.cardproc_api_key).toBeNull();
    expect(support.cardproc_api_key_set).toBe(true);
    expect(support.role).toBe("support");
    // put back what was there; a gateway enabled since may refuse to lose its key (422), which leaves a valid state
    if (!hadKey) await seller.put(`/v1/shops/${shopId}/settings`, { data: { cardproc_api_key: null } });
  });
});

test.describe("API keys", () => {
  test("a read-only key reads and is refused every write (403); keys cannot mint, list or revoke keys", async ({
    sellerSignedIn,
    anonymous,
    shopId,
  }) => {
    const created = await sellerSignedIn.post("/v1/api-keys", { data: { name: "read only", scope: "read" } });
    expect(created.status()).toBe(201);
    const key = await created.json();
    expect(key).toMatchObject({ scope: "read", shop_ids: null, expires_at: null, created_by: { email: expect.any(String) } });
    const auth = { headers: bearer(key.key) };
    expect((await anonymous.get(`/v1/shops/${shopId}/invoices?perPage=1`, auth)).status()).toBe(200);
    await expectForbidden(await anonymous.post(`/v1/shops/${shopId}/products`, { ...auth, data: {} }), "catalog:write");
    await expectForbidden(await anonymous.post(`/v1/shops/${shopId}/invoices/${MISSING}/deliver`, auth), "invoices:deliver");
    await expectForbidden(await anonymous.post(`/v1/shops/${shopId}/notifications/mark-as-read`, auth), "notifications:write");

    // any key, even a write key, is refused key management
    for (const [method, path] of [
      ["POST", "/v1/api-keys"],
      ["GET", "/v1/api-keys"],
      ["DELETE", `/v1/api-keys/${key.id}`],
    ] as const) {
      const refused = await anonymous.fetch(path, { method, ...auth, data: method === "POST" ? { name: "minted" } : undefined });
      expect(refused.status(), `${method} ${path}`).toBe(403);
      expect((await refused.json()).message).toContain("session");
    }
    expect((await sellerSignedIn.delete(`/v1/api-keys/${key.id}`)).status()).toBe(200);
  });

  test("write keys made by a key are refused too", async ({ seller }) => {
    const refused = await seller.post("/v1/api-keys", { data: { name: "minted" } });
    expect(refused.status()).toBe(403);
  });

  test("an expired key is 401; a key limited to some shops gets 404 for the others; last_used_at is recorded", async ({
    sellerSignedIn,
    anonymous,
    seed,
  }) => {
    const [first, second] = seed.seller.shopIds as [number, number];
    await expectValidationError(
      await sellerSignedIn.post("/v1/api-keys", { data: { name: "past", expires_at: "2020-01-01T00:00:00Z" } }),
      "expires_at",
    );
    await expectValidationError(
      await sellerSignedIn.post("/v1/api-keys", { data: { name: "foreign", shop_ids: [first, seed.otherSeller.shopIds[0]] } }),
      "shop_ids.1",
    );
    const soon = new Date(Date.now() + 5_000).toISOString();
    const expiring = await (await sellerSignedIn.post("/v1/api-keys", { data: { name: "soon", expires_at: soon } })).json();
    expect(expiring.expires_at).toBe(soon);
    expect((await anonymous.get(`/v1/shops/${first}`, { headers: bearer(expiring.key) })).status()).toBe(200);
    const limited = await (await sellerSignedIn.post("/v1/api-keys", { data: { name: "one shop", shop_ids: [second] } })).json();
    expect(limited.shop_ids).toEqual([second]);

    expect((await anonymous.get(`/v1/shops/${second}`, { headers: bearer(limited.key) })).status()).toBe(200);
    await expectShopNotFound(await anonymous.get(`/v1/shops/${first}/invoices`, { headers: bearer(limited.key) }));
    const listedShops = await (await anonymous.get("/v1/shops", { headers: bearer(limited.key) })).json();
    expect(listedShops.map((shop: { id: number }) => shop.id)).toEqual([second]);

    const keys = await (await sellerSignedIn.get("/v1/api-keys")).json();
    const used = keys.find((k: { id: number }) => k.id === limited.id);
    expect(used.last_used_at).not.toBeNull();
    expect(used.created_by.email).toBe(seed.seller.email);

    await new Promise((resolve) => setTimeout(resolve, Math.max(0, Date.parse(soon) - Date.now() + 200)));
    await expectUnauthenticated(await anonymous.get(`/v1/shops/${first}`, { headers: bearer(expiring.key) }));
    for (const id of [expiring.id, limited.id]) expect((await sellerSignedIn.delete(`/v1/api-keys/${id}`)).status()).toBe(200);
  });
});
