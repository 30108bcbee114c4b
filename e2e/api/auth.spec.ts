import { randomUUID } from "node:crypto";
import { expect, expectUnauthenticated, expectValidationError, signedInContext, test } from "../support/api";

test.describe("dashboard sessions and API keys", () => {
  test("signs in with the demo seller, and the session cookie authenticates seller routes", async ({ playwright, baseURL, seed }) => {
    const browserLike = await playwright.request.newContext({ baseURL });
    const login = await browserLike.post("/v1/auth/login", { data: { email: seed.seller.email, password: seed.seller.password } });
    expect(login.status()).toBe(200);
    expect((await login.json()).user.email).toBe(seed.seller.email);
    const cookie = login.headers()["set-cookie"];
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");

    const shops = await browserLike.get("/v1/shops");
    expect(shops.status()).toBe(200);
    expect((await shops.json()).length).toBe(seed.seller.shopIds.length);

    // A state-changing request with the cookie but without a same-origin Origin is not authenticated (CSRF).
    await expectUnauthenticated(await browserLike.post("/v1/api-keys", { data: { name: "csrf" } }));
    await expectUnauthenticated(
      await browserLike.post("/v1/api-keys", { data: { name: "csrf" }, headers: { Origin: "https://evil.example" } }),
    );

    const logout = await browserLike.post("/v1/auth/logout");
    expect(logout.status()).toBe(200);
    await expectUnauthenticated(await browserLike.get("/v1/shops"));
    await browserLike.dispose();
  });

  test("wrong credentials are 422 on email; bad input is 422 per field", async ({ anonymous, seed }) => {
    const wrong = await anonymous.post("/v1/auth/login", { data: { email: seed.seller.email, password: "not-it" } });
    await expectValidationError(wrong, "email");
    await expectValidationError(await anonymous.post("/v1/auth/login", { data: { email: "nope", password: "x" } }), "email");
    await expectValidationError(await anonymous.post("/v1/auth/login", { data: { email: seed.seller.email } }), "password");
  });

  test("sign-in attempts are rate limited with 429 and Retry-After", async ({ anonymous }) => {
    const email = `brute-${randomUUID()}@example.com`;
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push((await anonymous.post("/v1/auth/login", { data: { email, password: "guess" } })).status());
    }
    expect(statuses.slice(0, 10).every((status) => status === 422)).toBe(true);
    const limited = await anonymous.post("/v1/auth/login", { data: { email, password: "guess" } });
    expect(limited.status()).toBe(429);
    expect(await limited.json()).toEqual({ message: "Too Many Attempts." });
    expect(Number(limited.headers()["retry-after"])).toBeGreaterThan(0);
  });

  test("a new API key works at once, is shown once, and stops working when revoked", async ({ sellerSignedIn: seller, anonymous }) => {
    const created = await seller.post("/v1/api-keys", { data: { name: "CI key" } });
    expect(created.status()).toBe(201);
    const key = await created.json();
    expect(key.key).toMatch(/^sd_live_[A-Za-z0-9_-]{43}$/);
    expect(key.name).toBe("CI key");

    const listed = await (await seller.get("/v1/api-keys")).json();
    const entry = listed.find((k: { id: number }) => k.id === key.id);
    expect(entry).toBeTruthy();
    expect(entry).not.toHaveProperty("key");
    expect(key.key.startsWith(entry.prefix)).toBe(true);

    const withNewKey = { headers: { Authorization: `Bearer ${key.key}` } };
    expect(entry.last_used_at).toBeNull();
    expect((await anonymous.get("/v1/shops", withNewKey)).status()).toBe(200);
    // the key's first use is recorded (later uses at most once a minute)
    const used = (await (await seller.get("/v1/api-keys")).json()).find((k: { id: number }) => k.id === key.id);
    expect(used.last_used_at).not.toBeNull();

    const revoked = await seller.delete(`/v1/api-keys/${key.id}`);
    expect(revoked.status()).toBe(200);
    expect(await revoked.json()).toEqual({ message: "API key deleted." });
    await expectUnauthenticated(await anonymous.get("/v1/shops", withNewKey));
    expect((await seller.delete(`/v1/api-keys/${key.id}`)).status()).toBe(404);
    expect((await seller.delete(`/v1/api-keys/abc`)).status()).toBe(404);
  });

  test("API key names are validated", async ({ sellerSignedIn: seller }) => {
    await expectValidationError(await seller.post("/v1/api-keys", { data: {} }), "name");
    await expectValidationError(await seller.post("/v1/api-keys", { data: { name: "x".repeat(101) } }), "name");
  });

  test("another seller cannot revoke this seller's key", async ({ sellerSignedIn: seller, playwright, baseURL, seed }) => {
    const key = await (await seller.post("/v1/api-keys", { data: { name: "mine" } })).json();
    const otherSeller = await signedInContext(playwright, baseURL!, seed.otherSeller.email, seed.otherSeller.password);
    const attempt = await otherSeller.delete(`/v1/api-keys/${key.id}`);
    expect(attempt.status()).toBe(404);
    expect(await attempt.json()).toEqual({ message: "API key not found." });
    await otherSeller.dispose();
  });

  test("malformed JSON is 400 and oversized bodies are 413", async ({ sellerSignedIn: seller }) => {
    const malformed = await seller.post("/v1/api-keys", { data: "{not json", headers: { "content-type": "application/json" } });
    expect(malformed.status()).toBe(400);
    expect(await malformed.json()).toEqual({ message: "Malformed JSON body." });
    const huge = await seller.post("/v1/api-keys", { data: { name: "x".repeat(1024 * 1024 + 10) } });
    expect(huge.status()).toBe(413);
  });
});
