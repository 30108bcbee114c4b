import { expect, test } from "../support/api";
import { BITCOIN_ADDRESS } from "../support/checkout";
import { createPrivateDatabase, startServer, type PrivateDatabase, type StartedServer } from "../support/private-server";
import { rawRequest } from "../support/raw-http";

/**
 * STORE_DOMAIN (lib/storefront/host-routing.ts): each shop on a host of its
 * own that serves nothing but its storefront, and the app's host serving no
 * storefront. A server of this spec's own, on a database of its own.
 */
// Ports of this run's own (the suite's port + 70): engineers run suites side by side.
const PORT = Number(new URL(process.env.BASE_URL ?? "http://127.0.0.1:3100").port) + 70;
const STORE_DOMAIN = "shops.test";
const SHOP_HOST = `pixelkeys.${STORE_DOMAIN}:${PORT}`;

test.describe.configure({ mode: "serial", timeout: 240_000 });

let database: PrivateDatabase;
let server: StartedServer;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  database = await createPrivateDatabase("store-hosts", `http://127.0.0.1:${PORT}`);
  server = await startServer(PORT, { ...database.env, APP_ENCRYPTION_KEY: database.key, STORE_DOMAIN });
});

test.afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

const onShopHost = (method: string, path: string, extra: { headers?: Record<string, string>; body?: string } = {}) =>
  rawRequest(server.baseURL, { method, path, headers: { host: SHOP_HOST, accept: "text/html", ...extra.headers }, body: extra.body });

test("a shop's host serves its storefront at its root, with canonical links on that host", async () => {
  const home = await onShopHost("GET", "/");
  expect(home.status).toBe(200);
  expect(home.text).toContain("<title>Pixel Keys</title>");
  expect(home.text).toContain(`<link rel="canonical" href="http://pixelkeys.${STORE_DOMAIN}/"`);
  expect((await onShopHost("GET", "/product/steam-game-key")).status).toBe(200);
  expect((await onShopHost("GET", "/s/pixelkeys/product/steam-game-key")).status).toBe(200);
  const catalog = await onShopHost("GET", "/products");
  expect(catalog.status).toBe(200);
  expect(catalog.text).toContain(`<link rel="canonical" href="http://pixelkeys.${STORE_DOMAIN}/products"`);
  expect((await onShopHost("GET", "/products/2")).status).toBe(404);
  expect((await onShopHost("GET", "/sitemap.xml")).text).toContain(`http://pixelkeys.${STORE_DOMAIN}/product/steam-game-key`);
});

test("a shop's host serves nothing of the dashboard, the API's sessions or the portal", async () => {
  const key = { authorization: `Bearer ${database.seed.seller.apiKey}`, accept: "application/json" };
  for (const path of ["/dashboard", "/login", "/reseller/login", "/v1/shops", "/v1/auth/me", "/s/pixelkeys-outlet"]) {
    const response = await onShopHost("GET", path, { headers: key });
    expect(response.status, path).toBe(404);
    expect(response.text, path).not.toContain('"subdomain"');
  }
  const login = await onShopHost("POST", "/v1/auth/login", {
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({ email: database.seed.seller.email, password: database.seed.seller.password }),
  });
  expect(login.headers["set-cookie"]).toBeUndefined();
  expect([404, 405]).toContain(login.status);
});

test("the app's host redirects storefront paths to the shop's host and keeps everything else", async () => {
  const redirect = await rawRequest(server.baseURL, { method: "GET", path: "/s/pixelkeys/product/steam-game-key" });
  expect(redirect.status).toBe(308);
  expect(redirect.headers.location).toBe(`http://pixelkeys.${STORE_DOMAIN}:${PORT}/product/steam-game-key`);
  const shops = await rawRequest(server.baseURL, {
    method: "GET",
    path: "/v1/shops",
    headers: { authorization: `Bearer ${database.seed.seller.apiKey}` },
  });
  expect(shops.status).toBe(200);
});

test("a checkout on the shop's host sends the buyer to the buyer's page on the app's host", async () => {
  const key = { authorization: `Bearer ${database.seed.seller.apiKey}`, "content-type": "application/json" };
  const shopId = database.seed.seller.shopIds[0]!;
  const settings = await rawRequest(server.baseURL, {
    method: "PUT",
    path: `/v1/shops/${shopId}/settings`,
    headers: key,
    body: JSON.stringify({ valid_payment_methods: ["BTC"], bitcoin_address: BITCOIN_ADDRESS }),
  });
  expect(settings.status, settings.text).toBe(200);
  const created = await rawRequest(server.baseURL, {
    method: "POST",
    path: `/v1/shops/${shopId}/products`,
    headers: key,
    body: JSON.stringify({ name: "Host checkout", deliverables_type: "service", variants: [{ name: "Hour", price: 5 }] }),
  });
  expect(created.status, created.text).toBe(201);
  const product = JSON.parse(created.text);
  const checkout = await onShopHost("POST", "/api/checkout", {
    headers: { "content-type": "application/json", accept: "application/json", origin: `http://${SHOP_HOST}` },
    body: JSON.stringify({
      cart: [{ productId: product.id, variantId: product.variants[0].id, quantity: 1 }],
      email: "host-buyer@example.test",
      gateway: "BTC",
      terms: true,
    }),
  });
  expect(checkout.status, checkout.text).toBe(200);
  expect(JSON.parse(checkout.text).invoice_url).toMatch(new RegExp(`^${server.baseURL}/invoice/`));
});

test("a shop's host serves its blog at /blog, with the post's canonical link on that host", async () => {
  const key = { authorization: `Bearer ${database.seed.seller.apiKey}`, "content-type": "application/json" };
  const shopId = database.seed.seller.shopIds[0]!;
  const created = await rawRequest(server.baseURL, {
    method: "POST",
    path: `/v1/shops/${shopId}/blog-posts`,
    headers: key,
    body: JSON.stringify({ title: "Host post", status: "published", content: "<p>On the host of the shop</p>" }),
  });
  expect(created.status, created.text).toBe(201);
  const list = await onShopHost("GET", "/blog");
  expect(list.status).toBe(200);
  expect(list.text).toContain("Host post");
  const post = await onShopHost("GET", "/blog/host-post");
  expect(post.status).toBe(200);
  expect(post.text).toContain("<p>On the host of the shop</p>");
  expect(post.text).toContain(`<link rel="canonical" href="http://pixelkeys.${STORE_DOMAIN}/blog/host-post"`);
  expect((await onShopHost("GET", "/")).text).toContain('href="/s/pixelkeys/blog"');
  expect((await onShopHost("GET", "/sitemap.xml")).text).toContain(`http://pixelkeys.${STORE_DOMAIN}/blog/host-post`);
  expect((await onShopHost("GET", "/blog/no-such-post")).status).toBe(404);
  const redirect = await rawRequest(server.baseURL, { method: "GET", path: "/s/pixelkeys/blog/host-post" });
  expect(redirect.status).toBe(308);
  expect(redirect.headers.location).toBe(`http://pixelkeys.${STORE_DOMAIN}:${PORT}/blog/host-post`);
});
