import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "../support/api";
import { createCustomField, createProduct, uniqueName, type CreatedProduct } from "../support/catalog";
import { enableGateways, stockedProduct } from "../support/checkout";
import { catalogPageListing } from "../support/storefront";

/**
 * The storefront over HTTP: what its cached pages show and refuse, the
 * headers they carry, and its two calls (live price, checkout). The
 * browser's view of the same is e2e/browser/storefront*.spec.ts.
 */
const SHOP = "/s/pixelkeys";

async function page(anonymous: APIRequestContext, path: string) {
  const response = await anonymous.get(path, { headers: { accept: "text/html" } });
  return { status: response.status(), headers: response.headers(), html: await response.text() };
}

/** Renames a product through the API (the update route takes the whole product). */
async function rename(seller: APIRequestContext, shopId: number, product: CreatedProduct, name: string) {
  const response = await seller.put(`/v1/shops/${shopId}/products/${product.id}/update`, {
    data: {
      name,
      deliverables_type: product.deliverables_type,
      variants: product.variants.map((variant) => ({ id: variant.id, name: variant.name, price: variant.price })),
    },
  });
  expect(response.status(), await response.text()).toBe(200);
}

test.describe("storefront pages", () => {
  test("the storefront lists public and on-hold products, never private or unlisted ones; the shop's look and headers", async ({
    anonymous,
    seller,
    shopId,
  }) => {
    const listed = await createProduct(seller, shopId, { name: uniqueName("Listed") });
    const held = await createProduct(seller, shopId, { name: uniqueName("Held"), visibility: "on_hold" });
    const hidden = await createProduct(seller, shopId, { name: uniqueName("Hidden"), visibility: "private" });
    const unlisted = await createProduct(seller, shopId, { name: uniqueName("Unlisted"), visibility: "unlisted" });
    // the home shows each group's first cards; the catalog's pages list every product (storefront-catalog.spec.ts)
    await expect.poll(() => catalogPageListing(anonymous, "pixelkeys", listed.name), { timeout: 5_000 }).not.toBeNull();
    expect(await catalogPageListing(anonymous, "pixelkeys", held.name)).not.toBeNull();
    expect(await catalogPageListing(anonymous, "pixelkeys", hidden.name)).toBeNull();
    expect(await catalogPageListing(anonymous, "pixelkeys", unlisted.name)).toBeNull();
    const home = await page(anonymous, SHOP);
    expect(home.status).toBe(200);
    expect(home.html).not.toContain(hidden.name);
    expect(home.html).not.toContain(unlisted.name);
    expect(home.html).toContain("<title>Pixel Keys</title>");
    expect(home.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(home.headers["content-security-policy"]).toContain("base-uri 'none'");
    expect(home.headers["content-security-policy"]).toContain("object-src 'none'");
    expect(home.headers["content-security-policy"]).toContain("connect-src 'self'");
    expect(home.headers["x-content-type-options"]).toBe("nosniff");
    expect(home.headers["referrer-policy"]).toBeTruthy();
    expect(home.html).toMatch(/--sf-primary:#[0-9a-fA-F]{6}/);
  });

  test("a private product is 404, an unlisted one is reachable and noindex, an unknown shop is 404", async ({
    anonymous,
    seller,
    shopId,
  }) => {
    const hidden = await createProduct(seller, shopId, { visibility: "private" });
    const unlisted = await createProduct(seller, shopId, { visibility: "unlisted" });
    expect((await page(anonymous, `${SHOP}/product/${hidden.path}`)).status).toBe(404);
    const reachable = await page(anonymous, `${SHOP}/product/${unlisted.path}`);
    expect(reachable.status).toBe(200);
    expect(reachable.html).toMatch(/<meta name="robots" content="noindex, nofollow"/);
    expect((await page(anonymous, `${SHOP}/product/no-such-product-${Date.now()}`)).status).toBe(404);
    expect((await page(anonymous, `/s/no-such-shop-${Date.now()}`)).status).toBe(404);
    expect((await page(anonymous, "/s/NOT_A_HOST")).status).toBe(404);
    // a path PostgreSQL's text cannot hold names nothing: 404, not a failed read
    for (const path of [`${SHOP}/product/%00`, `${SHOP}/product/a%00b`, `${SHOP}/blog/%00`, `${SHOP}/product/%ff`]) {
      expect((await page(anonymous, path)).status, path).toBe(404);
    }
  });

  test("a product page: sanitised description, canonical and Open Graph, Product JSON-LD that a name cannot break out of", async ({
    anonymous,
    seller,
    shopId,
    baseURL,
  }) => {
    const product = await createProduct(seller, shopId, {
      name: `</script><script>window.__pwned=1</script> ${uniqueName("Ld")}`,
      description: '<p>Fine <strong>keys</strong></p><img src=x onerror="window.__pwned=2"><a href="javascript:alert(1)">x</a>',
      variants: [
        { name: "Standard", price: 9.99 },
        { name: "Deluxe", price: 19.5 },
      ],
    });
    const { status, html } = await page(anonymous, `${SHOP}/product/${product.path}`);
    expect(status).toBe(200);
    expect(html).toContain("<p>Fine <strong>keys</strong></p>");
    expect(html).not.toContain("onerror");
    expect(html).not.toContain("javascript:alert");
    expect(html).not.toContain("<script>window.__pwned");
    expect(html).toContain(`<link rel="canonical" href="${baseURL}${SHOP}/product/${product.path}"`);
    expect(html).toMatch(/<meta property="og:title"/);
    expect(html).toContain('<meta name="description" content="Fine keys x"');
    const ld = html.match(/<script type="application\/ld\+json">(.*?)<\/script>/s)![1]!;
    expect(ld).not.toContain("</script>");
    const data = JSON.parse(ld);
    expect(data).toMatchObject({ "@type": "Product", name: product.name });
    expect(data.offers.map((offer: { price: string; priceCurrency: string }) => [offer.price, offer.priceCurrency])).toEqual([
      ["9.99", "USD"],
      ["19.50", "USD"],
    ]);
  });

  test("sitemap lists public products only; robots points at it", async ({ anonymous, seller, shopId }) => {
    const open = await createProduct(seller, shopId);
    const unlisted = await createProduct(seller, shopId, { visibility: "unlisted" });
    await expect
      .poll(async () => (await anonymous.get(`${SHOP}/sitemap.xml`)).text(), { timeout: 5_000 })
      .toContain(`/product/${open.path}<`);
    const sitemap = await anonymous.get(`${SHOP}/sitemap.xml`);
    expect(sitemap.headers()["content-type"]).toContain("application/xml");
    expect(await sitemap.text()).not.toContain(`/product/${unlisted.path}<`);
    const robots = await anonymous.get(`${SHOP}/robots.txt`);
    expect(await robots.text()).toContain(`Sitemap: `);
    expect((await anonymous.get("/s/no-such-shop/sitemap.xml")).status()).toBe(404);
  });

  test("a second load is served from the cache, and an edit through the API shows at the next load", async ({
    anonymous,
    seller,
    shopId,
  }) => {
    const product = await createProduct(seller, shopId);
    const path = `${SHOP}/product/${product.path}`;
    await page(anonymous, path);
    const second = await page(anonymous, path);
    expect(second.headers["x-nextjs-cache"]).toBe("HIT");
    const renamed = uniqueName("Renamed");
    await rename(seller, shopId, product, renamed);
    // the database's notification reaches this process a moment after the commit
    await expect.poll(async () => (await page(anonymous, path)).html, { timeout: 1_000, intervals: [20, 50, 100] }).toContain(renamed);
    // the same notification expired the catalog's pages: their next load shows the edit, however long that render takes
    expect(await catalogPageListing(anonymous, "pixelkeys", renamed)).not.toBeNull();
  });

  test("made-up URLs share one cached 404 instead of a render each; a product made a moment after its URL was asked for is found", async ({
    anonymous,
    seller,
    shopId,
  }) => {
    const stamp = `${process.pid}-${Date.now().toString(36)}`;
    // the shop's 404 page: rendered by this first miss at most, then every made-up path is served from it
    const shopMissing = await page(anonymous, `${SHOP}/product/made-up-${stamp}`);
    expect(shopMissing.status).toBe(404);
    // inside the shop's own page (e2e/browser/storefront.spec.ts follows its links)
    expect(shopMissing.html).toContain("This page is not in the shop");
    const shopless = await page(anonymous, `/s/made-up-${stamp}`);
    expect(shopless.status).toBe(404);
    expect(shopless.html).toContain("This page does not exist");
    for (const n of [1, 2, 3]) {
      const shop = await page(anonymous, `/s/made-up-${stamp}-${n}`);
      expect(shop.status).toBe(404);
      expect(shop.headers["x-nextjs-cache"]).toBe("HIT");
    }
    // a path never asked for before answered from the cache is one shared page (polled: an edit of the shop by a test
    // running beside this one expires that page too)
    let n = 0;
    await expect
      .poll(async () => {
        const product = await page(anonymous, `${SHOP}/product/made-up-${stamp}-${++n}`);
        expect(product.status).toBe(404);
        return product.headers["x-nextjs-cache"];
      })
      .toBe("HIT");
    // a storefront call to a shop that does not exist: the API's 404
    const call = await anonymous.post(`/s/made-up-${stamp}/api/price`, { data: { cart: [] } });
    expect(call.status()).toBe(404);
    expect(await call.json()).toEqual({ message: "Shop not found." });

    // a path that was missing is not remembered as missing: once the product exists, its page is there
    const name = `Gate ${stamp}`;
    const path = `${SHOP}/product/gate-${stamp}`;
    expect((await page(anonymous, path)).status).toBe(404);
    expect((await createProduct(seller, shopId, { name })).path).toBe(`gate-${stamp}`);
    const found = await page(anonymous, path);
    expect(found.status).toBe(200);
    expect(found.html).toContain(name);
  });
});

test.describe("storefront calls", () => {
  test("the live price is the checkout's: promotions, a coupon applied or refused with its reason, line errors", async ({
    anonymous,
    seller,
    shopId,
  }) => {
    const product = await stockedProduct(seller, shopId, { serials: 3, price: 10 });
    const code = uniqueName("SAVE").replace(/\W/g, "");
    const coupon = await seller.post(`/v1/shops/${shopId}/coupons`, { data: { code, type: "percentage", discount: 10, global: true } });
    expect(coupon.status(), await coupon.text()).toBe(201);
    const cart = [{ productId: product.productId, variantId: product.variantId, quantity: 2 }];

    const priced = await anonymous.post(`${SHOP}/api/price`, { data: { cart, coupon: code } });
    expect(priced.status(), await priced.text()).toBe(200);
    expect(await priced.json()).toMatchObject({
      currency: "USD",
      subtotal: "20.00",
      coupon: { code, applied: true, discount: "2.00", reason: null },
      total: "18.00",
      lines: [{ productId: product.productId, variantId: product.variantId, quantity: 2, unit_price: "10.00", total: "20.00" }],
      custom_fields: [],
    });

    const refused = await (await anonymous.post(`${SHOP}/api/price`, { data: { cart, coupon: "NO-SUCH-CODE" } })).json();
    expect(refused).toMatchObject({
      coupon: { applied: false, discount: "0.00", reason: "The selected coupon is invalid." },
      total: "20.00",
    });

    const tooMany = await anonymous.post(`${SHOP}/api/price`, { data: { cart: [{ ...cart[0], quantity: 4 }] } });
    expect(tooMany.status()).toBe(422);
    expect((await tooMany.json()).errors["cart.0.quantity"]).toEqual(["Only 3 left in stock."]);

    const invalid = await anonymous.post(`${SHOP}/api/price`, { data: { cart: [] } });
    expect(invalid.status()).toBe(422);
    expect((await anonymous.post(`/s/no-such-shop/api/price`, { data: { cart } })).status()).toBe(404);
  });

  test("the price names the custom fields the cart's products ask", async ({ anonymous, seller, shopId }) => {
    const field = await createCustomField(seller, shopId, { is_required: true });
    const product = await createProduct(seller, shopId, {
      deliverables_type: "service",
      variants: [{ name: "Hour", price: 5 }],
      custom_field_ids: [field.id],
    });
    const priced = await (
      await anonymous.post(`${SHOP}/api/price`, {
        data: { cart: [{ productId: product.id, variantId: product.variants[0].id, quantity: 1 }] },
      })
    ).json();
    expect(priced.custom_fields).toEqual([expect.objectContaining({ id: field.id, name: field.name, required: true })]);
  });

  test("checkout: the same rules as the API's, the buyer's address from the request, terms required, cross-site refused", async ({
    anonymous,
    seller,
    shopId,
  }) => {
    await enableGateways(seller, shopId);
    const product = await stockedProduct(seller, shopId, { serials: 2, price: 4 });
    const email = `${uniqueName("buyer").replace(/\W/g, "")}@example.test`;
    const cart = [{ productId: product.productId, variantId: product.variantId, quantity: 1 }];

    const noTerms = await anonymous.post(`${SHOP}/api/checkout`, { data: { cart, email, gateway: "BTC" } });
    expect(noTerms.status()).toBe(422);
    expect((await noTerms.json()).errors).toHaveProperty("terms");

    const crossSite = await anonymous.post(`${SHOP}/api/checkout`, {
      data: { cart, email, gateway: "BTC", terms: true },
      headers: { origin: "https://evil.example" },
    });
    expect(crossSite.status()).toBe(403);

    // an address the body names is not the buyer's: the field is not taken
    const created = await anonymous.post(`${SHOP}/api/checkout`, { data: { cart, email, gateway: "BTC", terms: true, ip: "203.0.113.9" } });
    expect(created.status(), await created.text()).toBe(200);
    const { invoice_url, url } = await created.json();
    expect(url).toBeNull();
    const uniqueId = invoice_url.split("/").pop();
    const invoice = await (await seller.get(`/v1/shops/${shopId}/invoices/${uniqueId}`)).json();
    expect(invoice).toMatchObject({ email, gateway: "BTC", status: "pending", ip: "127.0.0.1" });

    const blocked = `${uniqueName("blocked").replace(/\W/g, "")}@example.test`;
    const entry = await seller.post(`/v1/shops/${shopId}/blacklist`, { data: { type: "email", value: blocked } });
    expect(entry.status(), await entry.text()).toBe(201);
    const refused = await anonymous.post(`${SHOP}/api/checkout`, { data: { cart, email: blocked, gateway: "BTC", terms: true } });
    expect(refused.status()).toBe(422);
    expect((await refused.json()).message).toBe("This buyer cannot check out.");
  });
});
