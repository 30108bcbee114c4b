import { randomUUID } from "node:crypto";
import { expect, expectShopNotFound, expectUnauthenticated, expectValidationError, test } from "../support/api";
import { rawRequest } from "../support/raw-http";

/**
 * The classes of hostile input that once answered 500, each with the answer
 * it gets now. hostile-walker.spec.ts sends them to every operation; these
 * pin the exact answers.
 */

test.describe("U+0000 never reaches the database", () => {
  test("in a JSON field: 422 on its dotted path", async ({ seller, shopId }) => {
    const response = await seller.post(`/v1/shops/${shopId}/coupons`, {
      data: { code: "NUL\u0000CODE", type: "fixed", discount: 1, allowed_emails: ["a@example.test", "b\u0000@example.test"] },
    });
    const body = await expectValidationError(response, "code");
    expect(body.errors).toHaveProperty(["allowed_emails.1"]);
  });

  test("nor a lone surrogate (a JSON \\ud800 escape): 422 on its field, where a json column (the audit log) refused it with a 500", async ({
    baseURL,
    seed,
    shopId,
  }) => {
    const response = await rawRequest(baseURL!, {
      method: "PUT",
      path: `/v1/shops/${shopId}/update`,
      headers: { authorization: `Bearer ${seed.seller.apiKey}`, "content-type": "application/json" },
      body: '{"name":"Pixel\\ud800Keys"}',
    });
    expect(response.status, response.text).toBe(422);
    expect(JSON.parse(response.text).errors).toEqual({ name: ["The name field must be valid Unicode text."] });
  });

  test("in a query value and in a GET body: 422 on the field", async ({ seller, shopId, baseURL, seed }) => {
    await expectValidationError(await seller.get(`/v1/shops/${shopId}/invoices?email=a%00b`), "email");
    const folded = await rawRequest(baseURL!, {
      method: "GET",
      path: `/v1/shops/${shopId}/invoices`,
      headers: { authorization: `Bearer ${seed.seller.apiKey}`, "content-type": "application/json" },
      body: JSON.stringify({ product_name: "a\u0000b" }),
    });
    expect(folded.status, folded.text).toBe(422);
    expect(JSON.parse(folded.text).errors).toHaveProperty(["product_name"]);
  });

  test("in a path id: 404 (seller invoice, reseller invoice, receiver token)", async ({ seller, shopId, baseURL, seed }) => {
    const invoice = await seller.get(`/v1/shops/${shopId}/invoices/ab%00cd`);
    expect(invoice.status()).toBe(404);
    expect(await invoice.json()).toEqual({ message: "Invoice not found." });
    const resellerInvoice = await rawRequest(baseURL!, {
      method: "GET",
      path: "/v1/reseller/invoices/ab%00cd",
      headers: { authorization: `Bearer ${seed.reseller.apiKey}` },
    });
    expect(resellerInvoice.status).toBe(404);
    expect(JSON.parse(resellerInvoice.text)).toEqual({ message: "Invoice not found." });
    const receiver = await rawRequest(baseURL!, { method: "POST", path: "/v1/reseller/dynamic/dyn%00x", body: "{}" });
    expect(receiver.status).toBe(404);
    expect(receiver.text).toBe("Invalid token.");
  });
});

test.describe("percent-encoding that does not decode", () => {
  test("in a path segment names no record: 404 with the route's own body", async ({ baseURL, seed, shopId }) => {
    const auth = { authorization: `Bearer ${seed.seller.apiKey}` };
    for (const id of ["%E0%A4%A", "%ZZ", "%FF"]) {
      const invoice = await rawRequest(baseURL!, { method: "GET", path: `/v1/shops/${shopId}/invoices/${id}`, headers: auth });
      expect(invoice.status, id).toBe(404);
      expect(JSON.parse(invoice.text)).toEqual({ message: "Invoice not found." });
      const shop = await rawRequest(baseURL!, { method: "GET", path: `/v1/shops/${id}/invoices`, headers: auth });
      expect(shop.status, id).toBe(404);
      expect(JSON.parse(shop.text)).toEqual({ success: false, error: "Shop not found", message: "Shop not found" });
    }
  });

  test("in a session cookie is no session: 401", async ({ anonymous, shopId }) => {
    await expectUnauthenticated(await anonymous.get(`/v1/shops/${shopId}/invoices`, { headers: { cookie: "shopdesk_session=%E0%A4%A" } }));
    await expectUnauthenticated(await anonymous.get("/v1/reseller/me", { headers: { cookie: "shopdesk_reseller_session=%ZZ" } }));
  });
});

test.describe("nesting and prototype keys", () => {
  const deep = (depth: number) => `{"a":${"[".repeat(depth)}${"]".repeat(depth)}}`;

  test("a body nested 10,000 deep is 400 before anything parses it, in a POST and in a GET body", async ({ baseURL, seed, shopId }) => {
    const headers = { authorization: `Bearer ${seed.seller.apiKey}`, "content-type": "application/json" };
    for (const method of ["POST", "GET"]) {
      const path = method === "POST" ? `/v1/shops/${shopId}/coupons` : `/v1/shops/${shopId}/invoices`;
      const response = await rawRequest(baseURL!, { method, path, headers, body: deep(10_000) });
      expect(response.status, response.text).toBe(400);
      expect(JSON.parse(response.text)).toEqual({ message: "The JSON body must not be nested more than 32 levels deep." });
    }
    const shallow = await rawRequest(baseURL!, { method: "POST", path: `/v1/shops/${shopId}/coupons`, headers, body: deep(30) });
    expect(shallow.status).toBe(422);
  });

  test("__proto__ and constructor.prototype keys are dropped, never merged", async ({ baseURL, seed, shopId, seller }) => {
    const code = `PROTO${randomUUID().slice(0, 8)}`;
    const body = `{"__proto__":{"type":"fixed","discount":1},"constructor":{"prototype":{"global":true}},"code":"${code}"}`;
    const headers = { authorization: `Bearer ${seed.seller.apiKey}`, "content-type": "application/json" };
    const refused = await rawRequest(baseURL!, { method: "POST", path: `/v1/shops/${shopId}/coupons`, headers, body });
    expect(refused.status, refused.text).toBe(422);
    expect(Object.keys(JSON.parse(refused.text).errors).sort()).toEqual(["discount", "type"]);
    const accepted = await rawRequest(baseURL!, {
      method: "POST",
      path: `/v1/shops/${shopId}/coupons`,
      headers,
      body: `{"code":"${code}","type":"fixed","discount":1,"__proto__":{"isAdmin":true}}`,
    });
    expect(accepted.status, accepted.text).toBe(201);
    expect(JSON.parse(accepted.text)).not.toHaveProperty("isAdmin");
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    const listed = await seller.get(`/v1/shops/${shopId}/invoices?__proto__[status]=x&constructor[prototype][y]=1`);
    expect(listed.status()).toBe(200);
  });
});

test.describe("numbers beyond PostgreSQL's integer", () => {
  test("are 422 in a query and a body, 404 in a path", async ({ seller, shopId }) => {
    await expectValidationError(await seller.get(`/v1/shops/${shopId}/invoices?page=2147483648`), "page");
    await expectValidationError(
      await seller.post(`/v1/shops/${shopId}/coupons`, { data: { code: "BIGINT", type: "fixed", discount: 1, max_uses: 2_147_483_648 } }),
      "max_uses",
    );
    expect((await seller.get(`/v1/shops/${shopId}/invoices/99999999999999999999`)).status()).toBe(404);
    await expectShopNotFound(await seller.get("/v1/shops/2147483648/invoices"));
  });
});

test("a request Node's parser refuses still gets a JSON error", async ({ baseURL }) => {
  const response = await rawRequest(baseURL!, { method: "GET", path: "/v1/health", headers: { "x-padding": "x".repeat(20_000) } });
  expect(response.status).toBe(431);
  expect(JSON.parse(response.text)).toEqual({ message: "The request headers are too large." });
});
