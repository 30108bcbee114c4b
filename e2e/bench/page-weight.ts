/**
 * First-load JavaScript per page: the scripts a browser runs before the page
 * is usable, as the production server sends them. For every page it signs the
 * demo seller and reseller in, fetches the HTML, collects its `<script src>`
 * (skipping `noModule` polyfills, which modern browsers never load), fetches
 * each script once and reports raw and gzipped bytes (zlib level 6, what the
 * server's compression uses), and the page's own HTML gzipped the same way.
 * The storefront's pages (home, the catalog's first page, a product, the
 * cart) are measured as a buyer loads them: no cookie.
 *
 *   npm run page-weight                        # against BASE_URL or http://127.0.0.1:3000
 *   BASE_URL=http://127.0.0.1:3100 npm run page-weight -- --json
 *   npm run page-weight -- --fifty             # also the home page of a 50-product shop
 *
 * The server must run the demo data (`npm run app`, or the seed on any database).
 * --fifty writes: it tops the demo seller's second shop (pixelkeys-outlet) up
 * to 50 public products through the API, then measures the HTML of its home
 * page (12 cards and "See all") and of its catalog's first page (48 cards)
 * against FIFTY_HOME_HTML_BUDGET_KB. Run it on a database you can throw away.
 */
import { gzipSync } from "node:zlib";

const BASE_URL = process.env.BASE_URL ?? "http://127.0.0.1:3000";
const BUDGET_KB = { default: 250, light: 150, storefront: 140 };
/** The HTML of a storefront home listing 50 products, gzipped. */
const FIFTY_HOME_HTML_BUDGET_KB = 20;
const STOREFRONT = "pixelkeys";
const OUTLET = "pixelkeys-outlet";
const FIFTY = 50;

type Page = { path: string; who: "none" | "seller" | "reseller"; budget: keyof typeof BUDGET_KB; htmlBudgetKb?: number };

async function signIn(path: string, email: string, password: string): Promise<string> {
  const response = await fetch(new URL(path, BASE_URL), {
    method: "POST",
    headers: { "content-type": "application/json", origin: new URL(BASE_URL).origin },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in at ${path}: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

async function getJson(path: string, cookie: string): Promise<{ data?: Array<{ id: number; unique_id?: string }> }> {
  const response = await fetch(new URL(path, BASE_URL), { headers: { cookie, accept: "application/json" } });
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return response.json();
}

const scriptCache = new Map<string, { raw: number; gzip: number }>();

async function scriptSize(src: string): Promise<{ raw: number; gzip: number }> {
  const cached = scriptCache.get(src);
  if (cached) return cached;
  const body = Buffer.from(await (await fetch(new URL(src, BASE_URL))).arrayBuffer());
  const size = { raw: body.length, gzip: gzipSync(body, { level: 6 }).length };
  scriptCache.set(src, size);
  return size;
}

async function measure(path: string, cookie: string) {
  const response = await fetch(new URL(path, BASE_URL), { headers: { cookie } });
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  const html = await response.text();
  const sources = new Set<string>();
  for (const tag of html.matchAll(/<script\b[^>]*>/g)) {
    const src = /\bsrc="([^"]+)"/.exec(tag[0])?.[1];
    if (src && !/\bnoModule\b/i.test(tag[0])) sources.add(src.replaceAll("&amp;", "&"));
  }
  let raw = 0;
  let gzip = 0;
  for (const src of sources) {
    const size = await scriptSize(src);
    raw += size.raw;
    gzip += size.gzip;
  }
  return { scripts: sources.size, raw, gzip, htmlGzip: gzipSync(html, { level: 6 }).length };
}

/** Tops the seller's outlet shop up to 50 public products (one price each, no stock to run out) and answers its home page. */
async function fiftyProductHome(cookie: string): Promise<string> {
  const shops = (await getJson("/v1/shops", cookie)) as unknown as Array<{ id: number; subdomain: string }>;
  const outlet = shops.find((shop) => shop.subdomain === OUTLET);
  if (!outlet) throw new Error(`the demo seller has no shop ${OUTLET}: seed first`);
  const products = await getJson(`/v1/shops/${outlet.id}/products?perPage=100`, cookie);
  for (let n = (products.data ?? []).length; n < FIFTY; n++) {
    const response = await fetch(new URL(`/v1/shops/${outlet.id}/products`, BASE_URL), {
      method: "POST",
      headers: { cookie, origin: new URL(BASE_URL).origin, "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({
        name: `Outlet Game Key ${n + 1}`,
        description: "<p>A clearance key for a classic indie game, redeemable worldwide.</p>",
        deliverables_type: "service",
        variants: [{ name: "Standard", price: (4.99 + n).toFixed(2) }],
      }),
    });
    if (response.status !== 201) throw new Error(`creating an outlet product: ${response.status} ${await response.text()}`);
  }
  return `/s/${OUTLET}`;
}

async function main() {
  const seller = await signIn("/v1/auth/login", "seller@shopdesk.test", "seller-password");
  const reseller = await signIn("/v1/reseller/auth/login", "reseller@shopdesk.test", "reseller-password");
  const firstInvoice = (await getJson("/v1/shops/1/invoices?perPage=1", seller)).data?.[0];
  const invoice = firstInvoice?.id;
  const product = (await getJson("/v1/shops/1/products?perPage=1", seller)).data?.[0]?.id;
  const subscription = (await getJson("/v1/shops/1/subscriptions?perPage=1", seller)).data?.[0]?.id;
  const order = (await getJson("/v1/reseller/invoices?perPage=1", reseller)).data?.[0]?.id;
  const steam = (await getJson("/v1/shops/1/products?perPage=100", seller)).data?.find(
    (row) => (row as { name?: string }).name === "Steam Game Key",
  ) as { path?: string } | undefined;
  const fifty = process.argv.includes("--fifty") ? await fiftyProductHome(seller) : null;

  const pages: Page[] = [
    { path: "/login", who: "none", budget: "light" },
    { path: "/reseller/login", who: "none", budget: "light" },
    { path: "/reseller/apply", who: "none", budget: "default" },
    { path: "/reseller/apply/confirm", who: "none", budget: "default" },
    ...(firstInvoice?.unique_id ? [{ path: `/invoice/${firstInvoice.unique_id}`, who: "none" as const, budget: "light" as const }] : []),
    ...[
      "",
      "/invoices",
      invoice && `/invoices/${invoice}`,
      "/products",
      "/products/new",
      product && `/products/${product}`,
      "/groups",
      "/images",
      "/coupons",
      "/deals",
      "/checkouts",
      "/subscriptions",
      subscription && `/subscriptions/${subscription}`,
      "/custom-fields",
      "/themes",
      "/resellers",
      "/notifications",
      "/payments",
      "/checkout-link",
      "/customers",
      "/blacklist",
      "/webhooks",
    ]
      .filter((path): path is string => typeof path === "string")
      .map((path): Page => ({ path: `/dashboard/1${path}`, who: "seller", budget: "default" })),
    { path: "/dashboard/account", who: "seller", budget: "default" },
    ...["", "/orders", order && `/orders/${order}`, "/balance", "/developer", "/account"]
      .filter((path): path is string => typeof path === "string")
      .map((path): Page => ({ path: `/reseller${path}`, who: "reseller", budget: "default" })),
    { path: `/s/${STOREFRONT}`, who: "none", budget: "storefront" },
    { path: `/s/${STOREFRONT}/products`, who: "none", budget: "storefront" },
    ...(steam?.path
      ? [{ path: `/s/${STOREFRONT}/product/${encodeURIComponent(steam.path)}`, who: "none" as const, budget: "storefront" as const }]
      : []),
    { path: `/s/${STOREFRONT}/cart`, who: "none", budget: "light" },
    ...(fifty
      ? [fifty, `${fifty}/products`].map((path) => ({
          path,
          who: "none" as const,
          budget: "storefront" as const,
          htmlBudgetKb: FIFTY_HOME_HTML_BUDGET_KB,
        }))
      : []),
  ];

  const rows = [];
  for (const page of pages) {
    const cookie = page.who === "seller" ? seller : page.who === "reseller" ? reseller : "";
    const size = await measure(page.path, cookie);
    rows.push({ page: page.path, ...size, budgetKb: BUDGET_KB[page.budget], htmlBudgetKb: page.htmlBudgetKb ?? null });
  }

  if (process.argv.includes("--json")) {
    console.log(JSON.stringify(rows));
    return;
  }
  const kb = (bytes: number) => (bytes / 1024).toFixed(0);
  const over = (bytes: number, budgetKb: number | null) => (budgetKb !== null && bytes / 1024 > budgetKb ? " (over)" : "");
  console.log("| page | scripts | raw KB | gzip KB | budget KB | HTML gzip KB | HTML budget KB |");
  console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: |");
  for (const row of rows) {
    console.log(
      `| \`${row.page}\` | ${row.scripts} | ${kb(row.raw)} | ${kb(row.gzip)}${over(row.gzip, row.budgetKb)} | ${row.budgetKb} | ${(row.htmlGzip / 1024).toFixed(1)}${over(row.htmlGzip, row.htmlBudgetKb)} | ${row.htmlBudgetKb ?? ""} |`,
    );
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
