import { expect, test } from "../support/browser";
import { BITCOIN_ADDRESS, buyerEmail } from "../support/checkout";
import { createPrivateDatabase, startServer, type PrivateDatabase, type StartedServer } from "../support/private-server";
import { rawRequest } from "../support/raw-http";
import { expectPageFits } from "../support/storefront";

/**
 * A buyer whose address is over the checkout limit: the cart page solves a
 * proof-of-work challenge in the page and the order goes through. A server
 * of this spec's own with a limit of 1 (the suite's server keeps the
 * default, which its storefront specs rely on).
 */
// Ports of this run's own (the suite's port + 81): engineers run suites side by side.
const PORT = Number(new URL(process.env.BASE_URL ?? "http://127.0.0.1:3100").port) + 81;
const SHOP = "pixelkeys";

test.use({ baseURL: `http://127.0.0.1:${PORT}` });
test.describe.configure({ mode: "serial", timeout: 240_000 });

let database: PrivateDatabase;
let server: StartedServer;
let product: { id: number; name: string; path: string; variants: { id: number }[] };

async function asSeller(method: string, path: string, body: unknown) {
  const response = await rawRequest(server.baseURL, {
    method,
    path,
    headers: { authorization: `Bearer ${database.seed.seller.apiKey}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.status, response.text).toBeLessThan(300);
  return JSON.parse(response.text);
}

test.beforeAll(async () => {
  test.setTimeout(300_000);
  database = await createPrivateDatabase("storefront-pow", `http://127.0.0.1:${PORT}`);
  server = await startServer(PORT, { ...database.env, APP_ENCRYPTION_KEY: database.key, STOREFRONT_CHECKOUT_LIMIT: "1" });
  const shopId = database.seed.seller.shopIds[0]!;
  await asSeller("PUT", `/v1/shops/${shopId}/settings`, { valid_payment_methods: ["BTC"], bitcoin_address: BITCOIN_ADDRESS });
  product = await asSeller("POST", `/v1/shops/${shopId}/products`, {
    name: "Proof of work hour",
    deliverables_type: "service",
    variants: [{ name: "Hour", price: 5 }],
  });
});

test.afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

test("over the checkout limit, the cart page solves a challenge and the order goes through", async ({ page }) => {
  // this address (the browser's, 127.0.0.1) spends its allowance first
  const earlier = await rawRequest(server.baseURL, {
    method: "POST",
    path: `/s/${SHOP}/api/checkout`,
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      cart: [{ productId: product.id, variantId: product.variants[0]!.id, quantity: 1 }],
      email: buyerEmail(),
      gateway: "BTC",
      terms: true,
    }),
  });
  expect(earlier.status, earlier.text).toBe(200);

  const calls: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith(`/s/${SHOP}/api/`)) calls.push(`${request.method()} ${pathname.split("/").pop()}`);
  });
  const sent: { altcha?: string }[] = [];
  await page.route(`**/s/${SHOP}/api/checkout`, async (route) => {
    sent.push(route.request().postDataJSON());
    // the answered challenge is on the page before the second attempt leaves it
    if (sent.length === 2) {
      await expect(page.getByRole("status").filter({ hasText: "Verified: you are not a robot." })).toBeVisible();
      await expectPageFits(page, "the checkout form with the solved challenge");
    }
    await route.continue();
  });

  await page.goto(`/s/${SHOP}/product/${product.path}`);
  await page.getByRole("button", { name: "Add to cart" }).click();
  await page.getByRole("link", { name: "View cart" }).click();
  await page.getByLabel("Email", { exact: true }).fill(buyerEmail());
  await page.getByRole("radio", { name: "Bitcoin", exact: true }).check();
  await page.getByRole("checkbox", { name: /I accept the shop's terms of sale/ }).check();
  await page.getByRole("button", { name: "Pay now" }).click();
  await page.waitForURL(/\/invoice\/[A-Za-z0-9_-]+$/);

  expect(calls.filter((call) => call !== "POST price")).toEqual(["POST checkout", "GET challenge", "POST checkout"]);
  expect(sent[0]!.altcha).toBeUndefined();
  expect(JSON.parse(Buffer.from(sent[1]!.altcha!, "base64").toString())).toMatchObject({
    challenge: { parameters: { algorithm: "SHA-256" } },
    solution: { counter: expect.any(Number) },
  });
});
