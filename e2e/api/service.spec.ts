import { expect, test } from "../support/api";
import { rawRequest } from "../support/raw-http";

/** What an operator's load balancer and a stray client meet: readiness, and methods no route serves. */
test("GET /v1/health/ready answers ready once the database has this build's migrations", async ({ anonymous }) => {
  const response = await anonymous.get("/v1/health/ready");
  expect(response.status(), await response.text()).toBe(200);
  expect(await response.json()).toEqual({ status: "ready" });
});

test("a method no route serves (TRACE, CONNECT-like, WebDAV's) is 405 JSON with Allow, never a 5xx", async ({ baseURL }) => {
  for (const method of ["TRACE", "PROPFIND", "MKCOL", "LOCK"]) {
    for (const path of ["/v1/shops", "/v1/health", "/s/pixelkeys", "/dashboard"]) {
      const response = await rawRequest(baseURL!, { method, path });
      expect(response.status, `${method} ${path}`).toBe(405);
      expect(response.headers["allow"]).toBe("GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS");
      expect(JSON.parse(response.text)).toEqual({ message: "Method Not Allowed." });
    }
  }
});

test("every answer carries an X-Request-Id; one a client that is not a trusted proxy sends is replaced", async ({
  anonymous,
  seller,
  shopId,
}) => {
  const own = (await anonymous.get("/v1/health")).headers()["x-request-id"];
  expect(own).toMatch(/^[0-9a-f-]{36}$/);
  const other = (await seller.get(`/v1/shops/${shopId}`)).headers()["x-request-id"];
  expect(other).toMatch(/^[0-9a-f-]{36}$/);
  expect(other).not.toBe(own);
  // the suite's server trusts no proxy: a client's id would let it write into another request's log lines
  const forged = await anonymous.get("/v1/health", { headers: { "X-Request-Id": "forged-id-123" } });
  expect(forged.headers()["x-request-id"]).not.toBe("forged-id-123");
  // pages and storefront pages carry it too
  expect((await anonymous.get("/login")).headers()["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
});
