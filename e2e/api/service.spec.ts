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
