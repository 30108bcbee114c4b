import { hkdfSync } from "node:crypto";
import { createChallenge, solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { expect, test } from "../support/api";
import { BITCOIN_ADDRESS } from "../support/checkout";
import { createPrivateDatabase, startServer, type PrivateDatabase, type StartedServer } from "../support/private-server";
import { rawRequest, type RawResponse } from "../support/raw-http";

/**
 * The storefront checkout's abuse rules (lib/storefront/cart.ts,
 * lib/storefront/challenge.ts): a free allowance per address, then a
 * proof-of-work challenge per checkout, then a hard ceiling; the address and
 * the country as the trusted proxy names them. A server of this spec's own,
 * behind a "proxy" at 127.0.0.1 (this process, which writes X-Forwarded-For
 * and cf-ipcountry as a load balancer would); 127.0.0.2 and up are clients
 * that reach the server directly. A limit of 2 keeps the spec short.
 */
// Ports of this run's own (the suite's port + 80): engineers run suites side by side.
const PORT = Number(new URL(process.env.BASE_URL ?? "http://127.0.0.1:3100").port) + 80;
const LIMIT = 2;
const CEILING = LIMIT * 10;
const SHOP = "pixelkeys";

test.describe.configure({ mode: "serial", timeout: 240_000 });

let database: PrivateDatabase;
let server: StartedServer;
let shopId: number;
let otherShop: string;
let cart: { productId: number; variantId: number; quantity: number }[];

async function seller(method: string, path: string, body?: unknown) {
  const response = await rawRequest(server.baseURL, {
    method,
    path,
    headers: { authorization: `Bearer ${database.seed.seller.apiKey}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.status, response.text).toBeLessThan(300);
  return JSON.parse(response.text);
}

test.beforeAll(async () => {
  test.setTimeout(300_000);
  database = await createPrivateDatabase("storefront-abuse", `http://127.0.0.1:${PORT}`);
  server = await startServer(PORT, {
    ...database.env,
    APP_ENCRYPTION_KEY: database.key,
    TRUST_PROXY: "127.0.0.1",
    COUNTRY_HEADER: "cf-ipcountry",
    STOREFRONT_CHECKOUT_LIMIT: String(LIMIT),
  });
  [shopId] = database.seed.seller.shopIds as [number];
  otherShop = (await seller("GET", `/v1/shops/${database.seed.seller.shopIds[1]}`)).subdomain;
  await seller("PUT", `/v1/shops/${shopId}/settings`, { valid_payment_methods: ["BTC"], bitcoin_address: BITCOIN_ADDRESS });
  const product = await seller("POST", `/v1/shops/${shopId}/products`, {
    name: "Abuse checkout",
    deliverables_type: "service",
    variants: [{ name: "Hour", price: 5 }],
  });
  cart = [{ productId: product.id, variantId: product.variants[0].id, quantity: 1 }];
});

test.afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

let clients = 0;
/** A client address of each test's own, as the proxy names it. */
const nextClient = () => `198.51.100.${++clients}`;

type From = { client?: string; forwardedFor?: string; localAddress?: string; headers?: Record<string, string> };

/** A storefront checkout through the proxy for `client`, or straight from `localAddress`. */
function checkout({ client, forwardedFor, localAddress, headers = {} }: From, extra: Record<string, unknown> = {}) {
  return rawRequest(server.baseURL, {
    method: "POST",
    path: `/s/${SHOP}/api/checkout`,
    localAddress,
    headers: {
      "content-type": "application/json",
      ...((forwardedFor ?? client) ? { "x-forwarded-for": forwardedFor ?? client! } : {}),
      ...headers,
    },
    body: JSON.stringify({ cart, email: "abuse-buyer@example.test", gateway: "BTC", terms: true, ...extra }),
  });
}

async function fetchChallenge(client: string, shop = SHOP): Promise<Challenge> {
  const response = await rawRequest(server.baseURL, {
    method: "GET",
    path: `/s/${shop}/api/challenge`,
    headers: { "x-forwarded-for": client },
  });
  expect(response.status, response.text).toBe(200);
  expect(response.headers["cache-control"]).toBe("no-store");
  return JSON.parse(response.text);
}

/** What the browser does: solve with altcha-lib's solver, send ALTCHA's payload (base64 of challenge and solution). */
async function solve(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  expect(solution).not.toBeNull();
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

/** Spends the address's free allowance. */
async function useAllowance(from: From) {
  for (let i = 0; i < LIMIT; i++) {
    const response = await checkout(from);
    expect(response.status, response.text).toBe(200);
  }
}

function expectAltchaError(response: RawResponse, message: RegExp) {
  expect(response.status, response.text).toBe(422);
  const body = JSON.parse(response.text);
  expect(body.errors).toEqual({ altcha: [expect.stringMatching(message)] });
  expect(body.message).toBe(body.errors.altcha[0]);
}

test("under the limit no challenge; over it a challenge is required, a solved one passes once, a replay is refused", async () => {
  const client = nextClient();
  await useAllowance({ client });
  expectAltchaError(await checkout({ client }), /^Confirm you are not a robot/);

  const challenge = await fetchChallenge(client);
  expect(challenge.parameters).toMatchObject({ algorithm: "SHA-256", data: { shop: shopId } });
  expect(challenge.parameters.expiresAt! - Date.now() / 1000).toBeGreaterThan(500);
  expect((await fetchChallenge(client)).signature).not.toBe(challenge.signature);

  const altcha = await solve(challenge);
  const passed = await checkout({ client }, { altcha });
  expect(passed.status, passed.text).toBe(200);
  expect(JSON.parse(passed.text).invoice_url).toMatch(/\/invoice\//);

  expectAltchaError(await checkout({ client }, { altcha }), /already used/);
  // the same answer at the same moment from two requests: one passes at most
  const again = await solve(await fetchChallenge(client));
  const race = await Promise.all([checkout({ client }, { altcha: again }), checkout({ client }, { altcha: again })]);
  expect(race.map((response) => response.status).sort()).toEqual([200, 422]);
});

test("a challenge of another shop, a wrong answer, a forged or expired challenge are refused", async () => {
  const client = nextClient();
  await useAllowance({ client });

  expectAltchaError(await checkout({ client }, { altcha: await solve(await fetchChallenge(client, otherShop)) }), /another shop/);

  const challenge = await fetchChallenge(client);
  const solution = await solveChallenge({ challenge, deriveKey });
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64");
  const wrongKey = { ...solution, derivedKey: "00".repeat(32) };
  expectAltchaError(await checkout({ client }, { altcha: encode({ challenge, solution: wrongKey }) }), /not valid/);
  // a challenge whose shop was rewritten no longer matches its signature
  const moved = { ...challenge, parameters: { ...challenge.parameters, data: { shop: shopId + 1 } } };
  expectAltchaError(await checkout({ client }, { altcha: encode({ challenge: moved, solution }) }), /not valid/);
  expectAltchaError(await checkout({ client }, { altcha: "not base64 JSON" }), /not valid/);

  // signed as the server signs (HKDF of APP_ENCRYPTION_KEY, lib/storefront/challenge.ts) but expired a minute ago
  const secret = (purpose: string) =>
    Buffer.from(hkdfSync("sha256", Buffer.from(database.key, "hex"), Buffer.alloc(0), `shopdesk:${purpose}`, 32)).toString("hex");
  const signed = (expiresAt: number, hmacSignatureSecret = secret("storefront-challenge")) =>
    createChallenge({
      algorithm: "SHA-256",
      cost: 1,
      deriveKey,
      counter: 7,
      data: { shop: shopId },
      expiresAt,
      hmacSignatureSecret,
      hmacKeySignatureSecret: secret("storefront-challenge-key"),
    });
  const now = Math.floor(Date.now() / 1000);
  expectAltchaError(await checkout({ client }, { altcha: await solve(await signed(now - 60)) }), /expired/);
  // the same made with another key is no challenge of this server's; with the right key and time, it passes
  expectAltchaError(await checkout({ client }, { altcha: await solve(await signed(now + 600, "another key")) }), /not valid/);
  expect((await checkout({ client }, { altcha: await solve(await signed(now + 600)) })).status).toBe(200);
});

test("the hard ceiling: past ten times the limit in an hour, not even a solved challenge passes", async () => {
  const client = nextClient();
  const altcha = await solve(await fetchChallenge(client));
  const statuses: number[] = [];
  for (let i = 0; i < CEILING; i++) statuses.push((await checkout({ client })).status);
  expect(statuses).toEqual([...Array(LIMIT).fill(200), ...Array(CEILING - LIMIT).fill(422)]);
  const refused = await checkout({ client }, { altcha });
  expect(refused.status, refused.text).toBe(429);
  expect(JSON.parse(refused.text)).toEqual({ message: "Too Many Attempts." });
  expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
});

test("the limit keys on the address the trusted proxy names, never on what a client writes in X-Forwarded-For", async () => {
  // through the proxy: what the client prepended to the chain changes nothing
  const client = nextClient();
  const chain = (n: number) => `203.0.113.${n}, ${client}`;
  expect((await checkout({ forwardedFor: chain(1) })).status).toBe(200);
  expect((await checkout({ forwardedFor: chain(2) })).status).toBe(200);
  expectAltchaError(await checkout({ forwardedFor: chain(3) }), /^Confirm you are not a robot/);

  // straight from a client (127.0.0.2 is no proxy): its own X-Forwarded-For counts for nothing
  const direct = (n: number) => checkout({ localAddress: "127.0.0.2", forwardedFor: `203.0.113.${100 + n}` });
  expect((await direct(1)).status).toBe(200);
  expect((await direct(2)).status).toBe(200);
  expectAltchaError(await direct(3), /^Confirm you are not a robot/);
});

test("the country a trusted proxy names is screened by the blacklist; a client's own country header is not believed", async () => {
  await seller("POST", `/v1/shops/${shopId}/blacklist`, { type: "country_code", value: "KP", reason: "sanctions" });
  const refused = await checkout({ client: nextClient(), headers: { "cf-ipcountry": "KP" } });
  expect(refused.status, refused.text).toBe(422);
  expect(JSON.parse(refused.text).message).toBe("This buyer cannot check out.");
  expect((await checkout({ client: nextClient(), headers: { "cf-ipcountry": "kp" } })).status).toBe(422);
  expect((await checkout({ client: nextClient(), headers: { "cf-ipcountry": "DE" } })).status).toBe(200);

  // from a client straight to the server, the same headers are removed before the checkout sees them
  for (const header of ["cf-ipcountry", "x-forwarded-country"]) {
    const direct = await checkout({ localAddress: "127.0.0.3", headers: { [header]: "KP" } });
    expect(direct.status, `${header}: ${direct.text}`).toBe(200);
  }
});
