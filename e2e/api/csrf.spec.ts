import type { PlaywrightWorkerArgs } from "@playwright/test";
import { expect, expectUnauthenticated, test } from "../support/api";
import { createProduct } from "../support/catalog";
import { completeInvoice, createPendingInvoice, type InvoiceView } from "../support/invoices";

/**
 * Cross-site requests that carry a cookie. `Origin` and `Sec-Fetch-Site`
 * are what a browser sends (a page cannot set either); API clients send
 * neither and keep working.
 */

const FOREIGN: Record<string, string>[] = [
  { Origin: "https://evil.example" },
  { Origin: "null" },
  { "Sec-Fetch-Site": "cross-site" },
  { "Sec-Fetch-Site": "same-site" },
];

/** A cookie client without the Bearer key, like a browser tab. */
async function browserLike(playwright: PlaywrightWorkerArgs["playwright"], baseURL?: string) {
  return playwright.request.newContext({ baseURL, extraHTTPHeaders: { Accept: "application/json" } });
}

const sameOrigin = (baseURL?: string) => ({ Origin: new URL(baseURL!).origin, "Sec-Fetch-Site": "same-origin" });

test.describe("sign-in and sign-out refuse a foreign Origin (login CSRF)", () => {
  test("seller", async ({ playwright, baseURL, seed }) => {
    const browser = await browserLike(playwright, baseURL);
    const credentials = { email: seed.seller.email, password: seed.seller.password };
    for (const headers of FOREIGN) {
      const refused = await browser.post("/v1/auth/login", { data: credentials, headers });
      expect(refused.status(), JSON.stringify(headers)).toBe(403);
      expect(await refused.json()).toEqual({ message: "Cross-origin request refused." });
      expect(refused.headers()["set-cookie"]).toBeUndefined();
    }
    await expectUnauthenticated(await browser.get("/v1/auth/me"));

    expect((await browser.post("/v1/auth/login", { data: credentials, headers: sameOrigin(baseURL) })).status()).toBe(200);
    for (const headers of FOREIGN) {
      expect((await browser.post("/v1/auth/logout", { headers })).status(), JSON.stringify(headers)).toBe(403);
    }
    expect((await browser.get("/v1/auth/me")).status()).toBe(200);
    expect((await browser.post("/v1/auth/logout", { headers: sameOrigin(baseURL) })).status()).toBe(200);
    await expectUnauthenticated(await browser.get("/v1/auth/me"));

    // API clients send no Origin: unchanged.
    expect((await browser.post("/v1/auth/login", { data: credentials })).status()).toBe(200);
    expect((await browser.post("/v1/auth/logout")).status()).toBe(200);
    await browser.dispose();
  });

  test("reseller", async ({ playwright, baseURL, seed }) => {
    const browser = await browserLike(playwright, baseURL);
    const credentials = { email: seed.reseller.email, password: seed.reseller.password };
    for (const headers of FOREIGN) {
      const refused = await browser.post("/v1/reseller/auth/login", { data: credentials, headers });
      expect(refused.status(), JSON.stringify(headers)).toBe(403);
      expect(refused.headers()["set-cookie"]).toBeUndefined();
    }
    await expectUnauthenticated(await browser.get("/v1/reseller/me"));

    expect((await browser.post("/v1/reseller/auth/login", { data: credentials, headers: sameOrigin(baseURL) })).status()).toBe(200);
    for (const headers of FOREIGN) {
      expect((await browser.post("/v1/reseller/auth/logout", { headers })).status(), JSON.stringify(headers)).toBe(403);
    }
    expect((await browser.get("/v1/reseller/me")).status()).toBe(200);
    expect((await browser.post("/v1/reseller/auth/logout", { headers: sameOrigin(baseURL) })).status()).toBe(200);
    await expectUnauthenticated(await browser.get("/v1/reseller/me"));
    await browser.dispose();
  });
});

test.describe("GET process changes state: a cookie authenticates it only same-origin", () => {
  test("cross-site by cookie is 401 and changes nothing; same-origin by cookie and a Bearer key deliver", async ({
    playwright,
    baseURL,
    seed,
    seller,
    shopId,
  }) => {
    // A completed invoice whose item waits for stock: `process` delivers what has arrived since.
    const product = await createProduct(seller, shopId);
    const variant = product.variants[0];
    const invoice = await createPendingInvoice(seller, shopId, [{ variant_id: variant.id, quantity: 2 }]);
    const completed = await completeInvoice(seller, shopId, invoice.id);
    expect(completed.items[0]).toMatchObject({ status: "pending", delivered: [] });
    const restock = async (key: string) => {
      const response = await seller.put(`/v1/shops/${shopId}/products/${product.id}/deliverables/append/${variant.id}`, {
        data: { deliverables: [key] },
      });
      expect(await response.json()).toEqual({ added: 1, duplicates: 0 });
    };
    const current = async () => (await (await seller.get(`/v1/shops/${shopId}/invoices/${invoice.id}`)).json()) as InvoiceView;
    await restock(`CSRF-KEY-1-${invoice.id}`);

    const browser = await browserLike(playwright, baseURL);
    const login = await browser.post("/v1/auth/login", { data: { email: seed.seller.email, password: seed.seller.password } });
    expect(login.status()).toBe(200);
    const processUrl = `/v1/shops/${shopId}/invoices/${invoice.id}/process`;

    const notSameOrigin: Record<string, string>[] = [
      { "Sec-Fetch-Site": "cross-site" },
      { "Sec-Fetch-Site": "same-site" },
      { "Sec-Fetch-Site": "none" },
      {},
    ];
    for (const headers of notSameOrigin) {
      await expectUnauthenticated(await browser.get(processUrl, { headers }));
      expect((await browser.head(processUrl, { headers })).status(), JSON.stringify(headers)).toBe(401);
    }
    await expectUnauthenticated(
      await browser.get(processUrl, { headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" } }),
    );
    expect((await current()).items[0]).toMatchObject({ status: "pending", delivered: [] });

    // Reads stay readable by cookie from anywhere (SameSite=Lax and CORS keep their answers from other sites).
    expect(
      (await browser.get(`/v1/shops/${shopId}/invoices/${invoice.id}`, { headers: { "Sec-Fetch-Site": "cross-site" } })).status(),
    ).toBe(200);

    const byCookie = await browser.get(processUrl, { headers: { "Sec-Fetch-Site": "same-origin" } });
    expect(byCookie.status(), await byCookie.text()).toBe(200);
    expect((await byCookie.json()).items[0].delivered).toEqual([`CSRF-KEY-1-${invoice.id}`]);

    await restock(`CSRF-KEY-2-${invoice.id}`);
    const byKey = await seller.get(processUrl, { headers: { "Sec-Fetch-Site": "cross-site" } });
    expect(byKey.status(), await byKey.text()).toBe(200);
    expect((await byKey.json()).items[0]).toMatchObject({
      status: "completed",
      delivered: [`CSRF-KEY-1-${invoice.id}`, `CSRF-KEY-2-${invoice.id}`],
    });
    await browser.dispose();
  });
});
