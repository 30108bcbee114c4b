import { randomUUID } from "node:crypto";
import { expect, expectGuarded, expectUnauthenticated, expectValidationError, test } from "../support/api";
import { balanceOf, callReceiver, catalog, freshReseller, manySerials, pickVariant, resellerClient } from "../support/reseller";

/** The seller's side: the shop's resellers, their states, balances, credentials and tiers. */

test.describe("seller: reseller management", () => {
  test("list, get, 404s and tenant boundary", async ({ seller, otherSeller, anonymous, shopId, foreignShopId, seed }) => {
    const list = await seller.get(`/v1/shops/${shopId}/resellers`);
    expect(list.status()).toBe(200);
    const body = await list.json();
    expect(body.total).toBeGreaterThanOrEqual(3);
    const demo = body.data.find((r: { email: string }) => r.email === seed.reseller.email);
    expect(demo).toMatchObject({ status: "approved", currency: "USD" });
    expect(demo.balance).toBeGreaterThan(1000);
    expect(demo.tier.name).toBe("Bronze");
    const statuses = new Set(body.data.map((r: { status: string }) => r.status));
    expect(statuses).toEqual(new Set(["approved", "pending", "suspended"]));
    const pending = await (await seller.get(`/v1/shops/${shopId}/resellers?status=pending`)).json();
    expect(pending.data.every((r: { status: string }) => r.status === "pending")).toBe(true);
    await expectValidationError(await seller.get(`/v1/shops/${shopId}/resellers?status=nope`), "status");

    const one = await seller.get(`/v1/shops/${shopId}/resellers/${demo.id}`);
    expect(one.status()).toBe(200);
    expect((await one.json()).id).toBe(demo.id);
    expect(JSON.stringify(await one.json())).not.toContain(seed.reseller.signingSecret);
    for (const id of [99999999, "abc"]) {
      const missing = await seller.get(`/v1/shops/${shopId}/resellers/${id}`);
      expect(missing.status()).toBe(404);
      expect(await missing.json()).toEqual({ message: "Reseller not found." });
    }
    // the other seller's reseller is not in this shop; other owners' shops are 404 Shop not found
    const theirs = await (await otherSeller.get(`/v1/shops/${foreignShopId}/resellers`)).json();
    expect((await seller.get(`/v1/shops/${shopId}/resellers/${theirs.data[0].id}`)).status()).toBe(404);
    // a reseller of this test's own: were a guard to let a change through, no other test's reseller would move
    const target = await freshReseller(seller, shopId);
    const guarded = (shop: number) => `/v1/shops/${shop}/resellers/${target.id}`;
    await expectGuarded({ seller, otherSeller, anonymous, shopId, foreignShopId }, [
      { method: "get", path: (shop) => `/v1/shops/${shop}/resellers` },
      { method: "post", path: (shop) => `/v1/shops/${shop}/resellers`, data: { email: `guarded-${randomUUID()}@example.test` } },
      { method: "get", path: guarded },
      { method: "post", path: (shop) => `${guarded(shop)}/balance`, data: { amount: 5, reason: "x" } },
      ...["approve", "suspend", "api-key/rotate", "signing-secret/rotate", "dynamic-token/rotate"].map((action) => ({
        method: "post" as const,
        path: (shop: number) => `${guarded(shop)}/${action}`,
      })),
    ]);
  });

  test("invite: 201, duplicate and invalid email 422", async ({ seller, shopId }) => {
    const email = `invite-${randomUUID()}@example.test`;
    const created = await seller.post(`/v1/shops/${shopId}/resellers`, { data: { email } });
    expect(created.status()).toBe(201);
    expect(await created.json()).toMatchObject({ email, status: "pending", balance: 0 });
    await expectValidationError(await seller.post(`/v1/shops/${shopId}/resellers`, { data: { email } }), "email");
    await expectValidationError(await seller.post(`/v1/shops/${shopId}/resellers`, { data: { email: "nope" } }), "email");
    await expectValidationError(await seller.post(`/v1/shops/${shopId}/resellers`, { data: {} }), "email");
  });

  test("an invitation answers alike whether the address has an account: the seller's name for it, no user id", async ({
    seller,
    otherSeller,
    shopId,
    foreignShopId,
  }) => {
    const local = `known-${randomUUID()}`;
    const email = `${local}@example.test`;
    // the first invitation makes the account, under the name this seller gave
    const first = await seller.post(`/v1/shops/${shopId}/resellers`, { data: { email, name: "Private Name" } });
    expect(first.status()).toBe(201);
    expect(await first.json()).toMatchObject({ email, name: "Private Name" });
    // another seller invites the same address: nothing of the existing account shows
    const known = await otherSeller.post(`/v1/shops/${foreignShopId}/resellers`, { data: { email } });
    expect(known.status()).toBe(201);
    const knownBody = await known.json();
    expect(knownBody).toMatchObject({ email, name: local, status: "pending" });
    expect(knownBody).not.toHaveProperty("user_id");
    expect(JSON.stringify(knownBody)).not.toContain("Private Name");
    const unknownEmail = `unknown-${randomUUID()}@example.test`;
    const unknown = await (await otherSeller.post(`/v1/shops/${foreignShopId}/resellers`, { data: { email: unknownEmail } })).json();
    expect(Object.keys(unknown).sort()).toEqual(Object.keys(knownBody).sort());
    expect(unknown.name).toBe(unknownEmail.split("@")[0]);
    // read back, the name is still the seller's
    expect((await (await otherSeller.get(`/v1/shops/${foreignShopId}/resellers/${knownBody.id}`)).json()).name).toBe(local);
  });

  test("approve and suspend follow the state rules", async ({ seller, shopId }) => {
    const { id } = await (
      await seller.post(`/v1/shops/${shopId}/resellers`, { data: { email: `state-${randomUUID()}@example.test` } })
    ).json();
    const approve = await seller.post(`/v1/shops/${shopId}/resellers/${id}/approve`);
    expect(approve.status()).toBe(200);
    expect((await approve.json()).status).toBe("approved");
    await expectValidationError(await seller.post(`/v1/shops/${shopId}/resellers/${id}/approve`), "status");
    expect((await (await seller.post(`/v1/shops/${shopId}/resellers/${id}/suspend`)).json()).status).toBe("suspended");
    await expectValidationError(await seller.post(`/v1/shops/${shopId}/resellers/${id}/suspend`), "status");
    expect((await (await seller.post(`/v1/shops/${shopId}/resellers/${id}/approve`)).json()).status).toBe("approved");
    expect((await seller.post(`/v1/shops/${shopId}/resellers/99999999/approve`)).status()).toBe(404);
  });

  test("balance adjustments: + and - with a reason, never below zero", async ({ seller, shopId, playwright, baseURL }) => {
    const fresh = await freshReseller(seller, shopId, 10);
    const path = `/v1/shops/${shopId}/resellers/${fresh.id}/balance`;
    const credited = await seller.post(path, { data: { amount: 15.5, reason: "Bank transfer" } });
    expect(credited.status()).toBe(200);
    expect((await credited.json()).balance).toBe(25.5);
    expect((await (await seller.post(path, { data: { amount: -5.25, reason: "Correction" } })).json()).balance).toBe(20.25);
    await expectValidationError(await seller.post(path, { data: { amount: -20.26, reason: "Too much" } }), "amount");
    expect((await (await seller.post(path, { data: { amount: "-20.25", reason: "To zero" } })).json()).balance).toBe(0);
    await expectValidationError(await seller.post(path, { data: { amount: 5 } }), "reason");
    await expectValidationError(await seller.post(path, { data: { amount: 5, reason: "" } }), "reason");
    await expectValidationError(await seller.post(path, { data: { amount: 5, reason: "r".repeat(256) } }), "reason");
    await expectValidationError(await seller.post(path, { data: { amount: 0, reason: "zero" } }), "amount");
    await expectValidationError(await seller.post(path, { data: { amount: 1.234, reason: "cents" } }), "amount");
    await expectValidationError(await seller.post(path, { data: { reason: "none" } }), "amount");
    const client = await resellerClient(playwright, baseURL, fresh.apiKey);
    expect(await balanceOf(client)).toBe(0);
    await client.dispose();
  });

  test("seller rotations: old API key, signing secret and dynamic token stop working at once", async ({
    seller,
    shopId,
    anonymous,
    playwright,
    baseURL,
  }) => {
    const fresh = await freshReseller(seller, shopId, 50);
    const client = await resellerClient(playwright, baseURL, fresh.apiKey);
    const { productId, variant } = await pickVariant(client, manySerials);
    const base = `/v1/shops/${shopId}/resellers/${fresh.id}`;
    const newKey = (await (await seller.post(`${base}/api-key/rotate`)).json()).api_key;
    expect(newKey).not.toBe(fresh.apiKey);
    await expectUnauthenticated(await client.get("/v1/reseller/balance"));
    expect((await anonymous.get("/v1/reseller/balance", { headers: { Authorization: `Bearer ${newKey}` } })).status()).toBe(200);

    const newSecret = (await (await seller.post(`${base}/signing-secret/rotate`)).json()).signing_secret;
    const call = { token: fresh.dynamicToken, productId, variantId: variant.id, quantity: 1 };
    expect((await callReceiver(anonymous, { ...call, secret: fresh.signingSecret })).status()).toBe(401);
    expect((await callReceiver(anonymous, { ...call, secret: newSecret })).status()).toBe(200);

    const newToken = (await (await seller.post(`${base}/dynamic-token/rotate`)).json()).dynamic_token;
    expect((await callReceiver(anonymous, { ...call, secret: newSecret })).status()).toBe(404);
    expect((await callReceiver(anonymous, { ...call, token: newToken, secret: newSecret })).status()).toBe(200);
    await client.dispose();
  });

  test("reseller rotations return the new value once and the old one stops", async ({ seller, shopId, anonymous, playwright, baseURL }) => {
    const fresh = await freshReseller(seller, shopId, 50);
    const client = await resellerClient(playwright, baseURL, fresh.apiKey);
    const { productId, variant } = await pickVariant(client, manySerials);
    const secret = (await (await client.post("/v1/reseller/signing-secret/rotate")).json()).signing_secret;
    expect(typeof secret).toBe("string");
    const token = (await (await client.post("/v1/reseller/dynamic-token/rotate")).json()).dynamic_token;
    const products = await catalog(client);
    expect(products[0]!.variants[0]!.dynamic_url).toContain(`/dynamic/${token}?`);
    expect((await callReceiver(anonymous, { token: fresh.dynamicToken, secret, productId, variantId: variant.id })).status()).toBe(404);
    expect((await callReceiver(anonymous, { token, secret: fresh.signingSecret, productId, variantId: variant.id })).status()).toBe(401);
    expect((await callReceiver(anonymous, { token, secret, productId, variantId: variant.id })).status()).toBe(200);
    const rotated = await client.post("/v1/reseller/api-key/rotate");
    expect(rotated.status()).toBe(200);
    const key = (await rotated.json()).api_key;
    await expectUnauthenticated(await client.get("/v1/reseller/balance"));
    expect((await anonymous.get("/v1/reseller/balance", { headers: { Authorization: `Bearer ${key}` } })).status()).toBe(200);
    await client.dispose();
  });

  test("tiers CRUD with bounds; 404 inside the shop and across shops", async ({
    seller,
    otherSeller,
    anonymous,
    shopId,
    foreignShopId,
  }) => {
    const path = `/v1/shops/${shopId}/reseller-tiers`;
    const list = await (await seller.get(path)).json();
    expect(list.data.map((t: { name: string }) => t.name)).toEqual(expect.arrayContaining(["Bronze", "Silver", "Gold"]));
    const data = {
      name: `Tier ${randomUUID().slice(0, 8)}`,
      discount_percentage: 99.5,
      min_spent_usd: 999999,
      min_sales_count: 100000,
      image_url: null,
    };
    const created = await seller.post(path, { data });
    expect(created.status()).toBe(201);
    const tier = await created.json();
    expect(tier).toMatchObject({
      name: data.name,
      discount_percentage: 99.5,
      min_spent_usd: "999999.00",
      min_sales_count: 100000,
      image_url: null,
    });
    expect((await (await seller.get(`${path}/${tier.id}`)).json()).id).toBe(tier.id);
    const updated = await seller.put(`${path}/${tier.id}`, {
      data: { discount_percentage: 100, image_url: "https://example.test/gold.png" },
    });
    expect(updated.status()).toBe(200);
    expect(await updated.json()).toMatchObject({ name: data.name, discount_percentage: 100, image_url: "https://example.test/gold.png" });
    await expectValidationError(await seller.post(path, { data: { ...data, discount_percentage: 100.01 } }), "discount_percentage");
    await expectValidationError(await seller.post(path, { data: { ...data, discount_percentage: -1 } }), "discount_percentage");
    await expectValidationError(await seller.post(path, { data: { ...data, min_sales_count: -1 } }), "min_sales_count");
    await expectValidationError(await seller.post(path, { data: { ...data, name: "" } }), "name");
    await expectValidationError(await seller.post(path, { data: { ...data, name: "n".repeat(256) } }), "name");
    await expectValidationError(await seller.post(path, { data: { ...data, image_url: "not a url" } }), "image_url");
    // the portal shows it as an image: no script or inline-data address
    for (const hostile of ["javascript:alert(1)", "JavaScript:alert(1)", "data:image/svg+xml,<svg onload=alert(1)>"]) {
      await expectValidationError(await seller.post(path, { data: { ...data, image_url: hostile } }), "image_url");
      await expectValidationError(await seller.put(`${path}/${tier.id}`, { data: { image_url: hostile } }), "image_url");
    }
    const tiers = (shop: number) => `/v1/shops/${shop}/reseller-tiers`;
    await expectGuarded({ seller, otherSeller, anonymous, shopId, foreignShopId }, [
      { method: "get", path: tiers },
      { method: "post", path: tiers, data },
      { method: "get", path: (shop) => `${tiers(shop)}/${tier.id}` },
      { method: "put", path: (shop) => `${tiers(shop)}/${tier.id}`, data: { discount_percentage: 1 } },
      { method: "delete", path: (shop) => `${tiers(shop)}/${tier.id}` },
    ]);
    const foreignTier = (await (await otherSeller.get(`/v1/shops/${foreignShopId}/reseller-tiers`)).json()).data[0];
    expect((await seller.get(`${path}/${foreignTier.id}`)).status()).toBe(404);
    expect((await seller.delete(`${path}/${foreignTier.id}`)).status()).toBe(404);
    const deleted = await seller.delete(`${path}/${tier.id}`);
    expect(deleted.status()).toBe(200);
    expect(await deleted.json()).toEqual({ message: "Reseller tier deleted." });
    const gone = await seller.get(`${path}/${tier.id}`);
    expect(gone.status()).toBe(404);
    expect(await gone.json()).toEqual({ message: "Reseller tier not found." });
  });
});
