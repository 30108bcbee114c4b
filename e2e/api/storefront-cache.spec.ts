import { expect, test } from "../support/api";
import { createPrivateDatabase, startServer, type PrivateDatabase, type StartedServer } from "../support/private-server";
import { rawRequest } from "../support/raw-http";

/**
 * The storefront's cache across processes (lib/storefront/cache-listener.ts):
 * every process keeps its own cached pages, and the database's
 * notifications expire them in all of them, so an edit answered by one
 * process shows on the others within a second. PostgreSQL only: PGlite is
 * one process's database.
 */
// Ports of this run's own (the suite's port + 60..62): engineers run suites side by side.
const BASE_PORT = Number(new URL(process.env.BASE_URL ?? "http://127.0.0.1:3100").port) + 60;

test.describe.configure({ mode: "serial", timeout: 240_000 });
test.skip(() => process.env.TEST_TARGET !== "postgres", "two processes need a database server");

let database: PrivateDatabase;
const servers: StartedServer[] = [];

test.beforeAll(async () => {
  test.setTimeout(300_000);
  database = await createPrivateDatabase("storefront", `http://127.0.0.1:${BASE_PORT}`);
});

test.afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await database?.drop();
});

/** A page load on a connection of its own, so that a cluster's workers take turns answering. */
async function load(server: StartedServer, path: string): Promise<string> {
  return (await loadWithHeaders(server, path)).text;
}

async function loadWithHeaders(server: StartedServer, path: string) {
  const response = await rawRequest(server.baseURL, { method: "GET", path, headers: { accept: "text/html", connection: "close" } });
  expect(response.status).toBe(200);
  return response;
}

/** Renames the demo's first product with the seller's key, through `server`. */
async function renameThrough(server: StartedServer, name: string) {
  const headers = { authorization: `Bearer ${database.seed.seller.apiKey}`, "content-type": "application/json" };
  const shopId = database.seed.seller.shopIds[0]!;
  const list = JSON.parse(
    (await rawRequest(server.baseURL, { method: "GET", path: `/v1/shops/${shopId}/products?perPage=100`, headers })).text,
  );
  const product = list.data.find((each: { path: string }) => each.path === "steam-game-key");
  const body = JSON.stringify({
    name,
    deliverables_type: product.deliverables_type,
    variants: product.variants.map((variant: { id: number; name: string; price: string }) => ({
      id: variant.id,
      name: variant.name,
      price: variant.price,
    })),
  });
  const updated = await rawRequest(server.baseURL, {
    method: "PUT",
    path: `/v1/shops/${shopId}/products/${product.id}/update`,
    headers,
    body,
  });
  expect(updated.status, updated.text).toBe(200);
}

const PRODUCT_PAGE = "/s/pixelkeys/product/steam-game-key";

test("an edit through one server process shows on another within a second", async () => {
  const env = { ...database.env, APP_ENCRYPTION_KEY: database.key };
  const [first, second] = await Promise.all([startServer(BASE_PORT, env), startServer(BASE_PORT + 1, env)]);
  servers.push(first!, second!);
  for (const server of [first!, second!]) {
    await load(server, PRODUCT_PAGE);
    const cached = await loadWithHeaders(server, PRODUCT_PAGE);
    expect(cached.headers["x-nextjs-cache"]).toBe("HIT");
    expect(cached.text).toContain("Steam Game Key");
  }
  const name = `Edited on one ${Date.now()}`;
  await renameThrough(first!, name);
  const started = Date.now();
  await expect.poll(() => load(second!, PRODUCT_PAGE), { timeout: 1_000, intervals: [20, 50, 100] }).toContain(name);
  expect(Date.now() - started).toBeLessThan(1_000);
  expect(await load(second!, "/s/pixelkeys")).toContain(name);
});

test("WEB_CONCURRENCY=2: after an edit, every worker shows it within a second", async () => {
  const env = { ...database.env, APP_ENCRYPTION_KEY: database.key, WEB_CONCURRENCY: "2" };
  const cluster = await startServer(BASE_PORT + 2, env);
  servers.push(cluster);
  // both workers render and cache the page (new connections go to the workers in turn)
  for (let i = 0; i < 8; i++) await load(cluster, PRODUCT_PAGE);
  const name = `Edited in a cluster ${Date.now()}`;
  await renameThrough(cluster, name);
  await expect
    .poll(
      async () => (await Promise.all(Array.from({ length: 8 }, () => load(cluster, PRODUCT_PAGE)))).every((html) => html.includes(name)),
      {
        timeout: 1_000,
        intervals: [20, 50, 100],
      },
    )
    .toBe(true);
});
