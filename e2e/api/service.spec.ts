import { connect } from "node:net";
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

test("CONNECT, which Node keeps from the request handler, is the same 405 JSON with Allow", async ({ baseURL }) => {
  const url = new URL(baseURL!);
  const answer = await new Promise<string>((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname);
    let text = "";
    socket.on("data", (chunk) => (text += chunk));
    socket.on("close", () => resolve(text));
    socket.on("error", reject);
    socket.write("CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n");
  });
  expect(answer).toMatch(/^HTTP\/1\.1 405 Method Not Allowed\r\n/);
  expect(answer).toContain("Allow: GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS\r\n");
  expect(answer.endsWith('{"message":"Method Not Allowed."}')).toBe(true);
});

test("OPTIONS * answers what the server serves; another target that is not a path is 400 JSON", async ({ baseURL }) => {
  const asterisk = await rawRequest(baseURL!, { method: "OPTIONS", path: "*" });
  expect(asterisk.status).toBe(204);
  expect(asterisk.headers["allow"]).toBe("GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS");
  for (const method of ["GET", "POST"]) {
    const odd = await rawRequest(baseURL!, { method, path: "*" });
    expect(odd.status, method).toBe(400);
    expect(JSON.parse(odd.text)).toEqual({ message: "The request target must be a path." });
  }
});

test("a request asking to upgrade (WebSocket, h2c) is answered as the request it is, not left open", async ({ baseURL }) => {
  const url = new URL(baseURL!);
  const answerTo = (head: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = connect(Number(url.port), url.hostname);
      let text = "";
      socket.on("data", (chunk) => (text += chunk));
      socket.on("close", () => resolve(text));
      socket.on("error", reject);
      socket.setTimeout(10_000, () => socket.destroy());
      socket.write(`${head}\r\nHost: ${url.host}\r\nConnection: Upgrade, close\r\n\r\n`);
    });
  const websocket = "Upgrade: websocket\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13";
  expect(await answerTo(`GET /v1/health HTTP/1.1\r\n${websocket}`)).toMatch(/^HTTP\/1\.1 200 [\s\S]*"status":"ok"/);
  expect(await answerTo(`GET /s/pixelkeys HTTP/1.1\r\n${websocket}`)).toMatch(/^HTTP\/1\.1 200 /);
  expect(await answerTo("GET /v1/health HTTP/1.1\r\nUpgrade: h2c\r\nHTTP2-Settings: AAMAAABkAARAAAAAAAIAAAAA")).toMatch(/^HTTP\/1\.1 200 /);
});

test("a form post or a server action call to a page is 405 (Shopdesk has no server actions), never a 5xx", async ({ baseURL, seed }) => {
  const shop = seed.seller.shopIds[0]!;
  const attempts: Record<string, string>[] = [
    { "content-type": "multipart/form-data" },
    { "content-type": "multipart/form-data; boundary=x" },
    { "content-type": "application/x-www-form-urlencoded" },
    { "content-type": "text/plain;charset=UTF-8", "next-action": "7f".repeat(21) },
  ];
  for (const headers of attempts) {
    for (const path of [
      "/login",
      "/dashboard",
      `/dashboard/${shop}/invoices`,
      "/s/pixelkeys",
      "/s/pixelkeys/product/steam-game-key",
      "/invoice/abc",
    ]) {
      const response = await rawRequest(baseURL!, { method: "POST", path, headers, body: "[]" });
      expect(response.status, `POST ${path} ${JSON.stringify(headers)}`).toBe(405);
      expect(response.headers["allow"]).toBe("GET, HEAD");
    }
  }
  // a route handler takes its own posts: a storefront call with a form body is its own 4xx
  const call = await rawRequest(baseURL!, { method: "POST", path: "/s/pixelkeys/api/price", headers: attempts[0]!, body: "[]" });
  expect(call.status).toBeGreaterThanOrEqual(400);
  expect(call.status).toBeLessThan(500);
  expect(call.status).not.toBe(405);
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
