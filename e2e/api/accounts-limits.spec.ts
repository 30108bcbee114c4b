import { randomBytes, scryptSync } from "node:crypto";
import { expect, test } from "../support/api";
import { createPrivateDatabase, startServer, type PrivateDatabase, type StartedServer } from "../support/private-server";
import { inPool, rawRequest } from "../support/raw-http";
import { awayFromWindowEdge } from "../support/accounts";

/**
 * What needs a server of this spec's own (e2e/support/private-server.ts):
 * a session idle limit of seconds (SESSION_IDLE_HOURS), client addresses
 * named by a trusted proxy (TRUST_PROXY: this process writes X-Forwarded-For
 * as a load balancer would, IPv6 ones included), the accounts an address may
 * make by applying (NEW_ACCOUNTS_PER_ADDRESS_PER_MINUTE, which the suite's
 * server raises for its sign-ups), and stored hashes of lower
 * parameters than the server's, written before it starts, which are upgraded
 * at sign-in: the test reads them from the database once the server has
 * stopped (PGlite allows one process at a time).
 */
const PORT = Number(new URL(process.env.BASE_URL ?? "http://127.0.0.1:3100").port) + 81;
/** 7.2 seconds */
const IDLE_HOURS = 0.002;
const COST = Number(process.env.SCRYPT_COST ?? 2 ** 17);
const LOWER_COST = COST / 2;
const FIRST_FORMAT_PASSWORD = "first-format-password";
const LOWER_COST_PASSWORD = "lower-cost-password";
const NEW_ACCOUNTS_PER_MINUTE = 3;

test.describe.configure({ mode: "serial", timeout: 300_000 });

let database: PrivateDatabase;
let server: StartedServer;
let lowerCostHash: string;

test.beforeAll(async () => {
  // a database migrated and seeded, and a server started: minutes on a busy machine
  test.setTimeout(600_000);
  database = await createPrivateDatabase("accounts", `http://127.0.0.1:${PORT}`);
  // a hash as the first version stored them: `scrypt:salt:hash`, Node's default cost (N=2^14, r=8, p=1)
  const salt = randomBytes(16);
  const firstFormat = `scrypt:${salt.toString("base64url")}:${scryptSync(FIRST_FORMAT_PASSWORD, salt, 64).toString("base64url")}`;
  await database.query(`UPDATE users SET password_hash = $1 WHERE email = $2`, [firstFormat, database.seed.otherSeller.email]);
  const lowerSalt = randomBytes(16);
  const lowerKey = scryptSync(LOWER_COST_PASSWORD, lowerSalt, 64, { N: LOWER_COST, r: 8, p: 1 });
  lowerCostHash = `scrypt$${LOWER_COST}$8$1$${lowerSalt.toString("base64url")}$${lowerKey.toString("base64url")}`;
  await database.query(`UPDATE users SET password_hash = $1 WHERE email = $2`, [lowerCostHash, database.seed.reseller.email]);
  server = await startServer(PORT, {
    ...database.env,
    APP_ENCRYPTION_KEY: database.key,
    TRUST_PROXY: "loopback",
    SESSION_IDLE_HOURS: String(IDLE_HOURS),
    NEW_ACCOUNTS_PER_ADDRESS_PER_MINUTE: String(NEW_ACCOUNTS_PER_MINUTE),
    SCRYPT_COST: String(COST),
  });
});

test.afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

async function login(email: string, password: string, client: string) {
  const response = await rawRequest(server.baseURL, {
    method: "POST",
    path: "/v1/auth/login",
    headers: { "content-type": "application/json", "x-forwarded-for": client },
    body: JSON.stringify({ email, password }),
  });
  return { status: response.status, cookie: response.headers["set-cookie"]?.[0]?.split(";")[0] ?? "" };
}

const me = async (cookie: string) => (await rawRequest(server.baseURL, { method: "GET", path: "/v1/auth/me", headers: { cookie } })).status;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test("a session unused for SESSION_IDLE_HOURS ends; each use keeps it alive", async () => {
  const { status, cookie } = await login(database.seed.seller.email, database.seed.seller.password, "198.51.100.7");
  expect(status).toBe(200);
  expect(await me(cookie)).toBe(200);
  // used every 4 s: past the 7.2 s limit in all, never idle that long
  for (let i = 0; i < 2; i++) {
    await sleep(4_000);
    expect(await me(cookie)).toBe(200);
  }
  await sleep(8_500);
  expect(await me(cookie)).toBe(401);
});

test("per client: an IPv6 client is its /64; rotating the low 64 bits does not escape the limit", async () => {
  await awayFromWindowEdge(600, 120);
  const inside = (n: number) => `2001:db8:ace:1:${(n + 1).toString(16)}:${randomBytes(2).toString("hex")}::${(n % 7) + 1}`;
  const statuses: number[] = [];
  await inPool([...Array(100).keys()], 2, async (n) => {
    statuses.push((await login(`spray-${n}@example.test`, "guess", inside(n))).status);
  });
  expect(statuses.filter((status) => status === 422)).toHaveLength(100);
  expect((await login(database.seed.seller.email, database.seed.seller.password, inside(500))).status).toBe(429);
  // the neighbouring /64 is another client
  expect((await login(database.seed.seller.email, database.seed.seller.password, "2001:db8:ace:2::1")).status).toBe(200);
  // an IPv4 client as the proxy may write it, mapped into IPv6, is that IPv4 client
  expect((await login(database.seed.seller.email, database.seed.seller.password, "::ffff:198.51.100.8")).status).toBe(200);
});

test("applying to resell starts at most NEW_ACCOUNTS_PER_ADDRESS_PER_MINUTE accounts from one address a minute", async () => {
  await awayFromWindowEdge(60, 20);
  const apply = async (client: string) =>
    (
      await rawRequest(server.baseURL, {
        method: "POST",
        path: "/v1/reseller/apply",
        headers: { "content-type": "application/json", "x-forwarded-for": client },
        body: JSON.stringify({
          shop_id: database.seed.seller.shopIds[0],
          email: `signup-${randomBytes(6).toString("hex")}@example.test`,
          password: "a long enough password",
        }),
      })
    ).status;
  const statuses: number[] = [];
  for (let n = 0; n <= NEW_ACCOUNTS_PER_MINUTE; n++) statuses.push(await apply("198.51.100.20"));
  // 202: each is e-mailed its link (the account is made when it is opened)
  expect(statuses).toEqual([...Array(NEW_ACCOUNTS_PER_MINUTE).fill(202), 429]);
  // another address has its own count
  expect(await apply("198.51.100.21")).toBe(202);
});

test("over TLS the session cookie is __Host- prefixed and Secure, and the plain name is not read there", async () => {
  const overTls = { "x-forwarded-for": "198.51.100.10", "x-forwarded-proto": "https" };
  const signedIn = await rawRequest(server.baseURL, {
    method: "POST",
    path: "/v1/auth/login",
    headers: { "content-type": "application/json", ...overTls },
    body: JSON.stringify({ email: database.seed.seller.email, password: database.seed.seller.password }),
  });
  expect(signedIn.status).toBe(200);
  const setCookie = signedIn.headers["set-cookie"]![0]!;
  expect(setCookie).toMatch(/^__Host-shopdesk_session=[^;]+; Path=\/; HttpOnly; SameSite=Lax; Expires=[^;]+; Secure$/);
  const token = setCookie.split(";")[0]!.split("=")[1]!;
  const meWith = async (cookie: string) =>
    (await rawRequest(server.baseURL, { method: "GET", path: "/v1/auth/me", headers: { cookie, ...overTls } })).status;
  expect(await meWith(`__Host-shopdesk_session=${token}`)).toBe(200);
  // a cookie a sibling host could plant under the plain name is no session over TLS
  expect(await meWith(`shopdesk_session=${token}`)).toBe(401);

  const signedOut = await rawRequest(server.baseURL, {
    method: "POST",
    path: "/v1/auth/logout",
    headers: { cookie: `__Host-shopdesk_session=${token}`, ...overTls },
  });
  expect(signedOut.headers["set-cookie"]![0]).toMatch(/^__Host-shopdesk_session=; Path=\/; HttpOnly; SameSite=Lax; Max-Age=0; Secure$/);
  expect(await meWith(`__Host-shopdesk_session=${token}`)).toBe(401);
});

test("hashes of lower parameters, and of the first format, are upgraded at the next sign-in", async () => {
  expect((await login(database.seed.otherSeller.email, FIRST_FORMAT_PASSWORD, "198.51.100.9")).status).toBe(200);
  expect((await login(database.seed.reseller.email, LOWER_COST_PASSWORD, "198.51.100.9")).status).toBe(200);
  await server.stop();
  const rows = await database.query<{ email: string; password_hash: string }>(
    `SELECT email, password_hash FROM users WHERE email = ANY($1)`,
    [[database.seed.otherSeller.email, database.seed.reseller.email]],
  );
  const hashOf = (email: string) => rows.find((row) => row.email === email)!.password_hash;
  const current = new RegExp(`^scrypt\\$${COST}\\$8\\$1\\$[A-Za-z0-9_-]{22}\\$[A-Za-z0-9_-]{86}$`);
  expect(hashOf(database.seed.otherSeller.email)).toMatch(current);
  expect(hashOf(database.seed.reseller.email)).toMatch(current);
  expect(hashOf(database.seed.reseller.email)).not.toBe(lowerCostHash);
});
