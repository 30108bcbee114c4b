import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "../support/api";
import { BITCOIN_ADDRESS, LITECOIN_ADDRESS, buyerEmail, checkout, enableGateways, stockedProduct } from "../support/checkout";
import { STANDIN_RATES, answerRates, holdRatesStandIn, type RatesStandIn } from "../support/rates";

/**
 * BTC/LTC on the buyer's page: the amount in the coin is quoted from the
 * exchange-rate source (a local stand-in, e2e/support/rates.ts), fixed on
 * the invoice for CRYPTO_QUOTE_MINUTES, rounded up to the satoshi; a slow,
 * dead or wrong source is a note to the buyer, never a 5xx. The server does
 * not cache rates in tests (CRYPTO_RATES_CACHE_SECONDS=0), so a stable
 * amount here is the invoice's quote, not a cache. The stand-in has one
 * port: this file runs test after test.
 */
test.describe.configure({ mode: "serial" });

let standIn: RatesStandIn;

test.beforeAll(async () => {
  standIn = await holdRatesStandIn();
});
test.afterAll(async () => standIn?.close());
test.beforeEach(async ({ seller, shopId }) => {
  standIn.answer(STANDIN_RATES);
  await enableGateways(seller, shopId);
});

/** A pending invoice of `gateway` whose total is `price` (one unit), in `currency`. */
async function pendingInvoice(seller: APIRequestContext, shopId: number, gateway: string, price: number, currency?: string) {
  const product = await stockedProduct(seller, shopId, { price, serials: 2, ...(currency && { currency }) });
  const response = await checkout(seller, shopId, {
    cart: [{ productId: product.productId, variantId: product.variantId, quantity: 1 }],
    email: buyerEmail(),
    gateway,
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).unique_id as string;
}

async function buyerPayment(anonymous: APIRequestContext, uniqueId: string) {
  const response = await anonymous.get(`/v1/buyer/invoices/${uniqueId}`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()).payment;
}

test("a BTC invoice is quoted in BTC at the source's rate, rounded up to the satoshi, for 15 minutes", async ({
  seller,
  shopId,
  anonymous,
}) => {
  const invoiceId = await pendingInvoice(seller, shopId, "BTC", 39.98);
  const asked = standIn.received.length;
  const before = Date.now();
  const payment = await buyerPayment(anonymous, invoiceId);
  // 39.98 / 67012.5 = 0.000596605...: up, not to the nearest
  expect(payment).toMatchObject({
    gateway: "BTC",
    kind: "crypto",
    address: BITCOIN_ADDRESS,
    amount: "39.98 USD",
    coin: "BTC",
    coin_amount: "0.00059661",
    rate: "67012.50000000",
    payment_uri: `bitcoin:${BITCOIN_ADDRESS}?amount=0.00059661`,
  });
  expect(payment.note).toContain("Bitcoin");
  const expiresIn = Date.parse(payment.quote_expires_at) - before;
  expect(expiresIn).toBeGreaterThan(14 * 60_000);
  expect(expiresIn).toBeLessThanOrEqual(15 * 60_000 + 5_000);

  const request = standIn.received[asked]!;
  expect(request.method).toBe("GET");
  const url = new URL(request.path, "http://stand-in");
  expect(url.pathname).toBe("/simple/price");
  expect(url.searchParams.get("ids")).toBe("bitcoin,litecoin");
  expect(url.searchParams.get("vs_currencies")).toBe("usd,eur");

  // Paid: the page no longer asks for an amount in the coin.
  const paid = await seller.post(`/v1/shops/${shopId}/invoices/${invoiceId}/status`, { data: { status: "completed" } });
  expect(paid.status(), await paid.text()).toBe(200);
  expect(await buyerPayment(anonymous, invoiceId)).toMatchObject({
    coin: "BTC",
    coin_amount: null,
    payment_uri: null,
    quote_expires_at: null,
  });
});

test("the quote holds within its window although the rate moves; a new invoice gets the new rate", async ({
  seller,
  shopId,
  anonymous,
}) => {
  const invoiceId = await pendingInvoice(seller, shopId, "BTC", 25);
  const first = await buyerPayment(anonymous, invoiceId);
  expect(first.coin_amount).toBe("0.00037307"); // 25 / 67012.5 = 0.000373064...

  standIn.answer({ ...STANDIN_RATES, bitcoin: { usd: 50_000, eur: 46_000 } });
  const asked = standIn.received.length;
  const again = await buyerPayment(anonymous, invoiceId);
  expect(again).toEqual(first);
  expect(standIn.received.length, "a live quote needs no rate").toBe(asked);

  const other = await pendingInvoice(seller, shopId, "BTC", 25);
  expect(await buyerPayment(anonymous, other)).toMatchObject({ coin_amount: "0.00050000", rate: "50000.00000000" });
});

test("page loads racing for the first quote all show the one quote that was written", async ({ seller, shopId, anonymous }) => {
  const invoiceId = await pendingInvoice(seller, shopId, "BTC", 100);
  // A slow source, so every load has read the invoice without a quote before any writes. Loads of one process
  // share a rate request in flight; each still computes its own expiry from its own clock, so two writes would
  // show as two different quote_expires_at. Any later fetch answers another rate, which would show too.
  let answered = 0;
  standIn.answer((request, response) => {
    answered += 1;
    const rate = 60_000 + answered;
    setTimeout(() => answerRates({ bitcoin: { usd: rate, eur: rate } })(request, response), 300);
  });
  const payments = await Promise.all(Array.from({ length: 6 }, () => buyerPayment(anonymous, invoiceId)));
  expect(answered).toBeGreaterThanOrEqual(1);
  expect(payments[0].coin_amount).not.toBeNull();
  for (const payment of payments) expect(payment).toEqual(payments[0]);
  expect(await buyerPayment(anonymous, invoiceId)).toEqual(payments[0]);
});

/**
 * Invoices in other currencies go to the demo seller's second shop: the first
 * shop's invoice list is read by specs that order it by the USD price and by
 * the price together.
 */
async function otherCurrencyShop(seller: APIRequestContext, seed: { seller: { shopIds: number[] } }) {
  const shopId = seed.seller.shopIds[1]!;
  await enableGateways(seller, shopId);
  return shopId;
}

test("an EUR invoice in LTC uses the EUR rate", async ({ seller, seed, anonymous }) => {
  const invoiceId = await pendingInvoice(seller, await otherCurrencyShop(seller, seed), "LTC", 19.99, "EUR");
  const asked = standIn.received.length;
  // 19.99 / 71.23 = 0.280640179...
  expect(await buyerPayment(anonymous, invoiceId)).toMatchObject({
    amount: "19.99 EUR",
    coin: "LTC",
    coin_amount: "0.28064018",
    rate: "71.23000000",
    payment_uri: `litecoin:${LITECOIN_ADDRESS}?amount=0.28064018`,
  });
  expect(new URL(standIn.received[asked]!.path, "http://stand-in").searchParams.get("vs_currencies")).toBe("usd,eur");
});

test("a currency the source has no rate for is refused with a note, and asked for by its code", async ({ seller, seed, anonymous }) => {
  const invoiceId = await pendingInvoice(seller, await otherCurrencyShop(seller, seed), "BTC", 10, "GBP");
  const asked = standIn.received.length;
  const payment = await buyerPayment(anonymous, invoiceId);
  expect(payment).toMatchObject({ coin: "BTC", coin_amount: null, rate: null, quote_expires_at: null, payment_uri: null });
  expect(payment.note).toContain("not available for orders in GBP");
  expect(new URL(standIn.received[asked]!.path, "http://stand-in").searchParams.get("vs_currencies")).toBe("usd,eur,gbp");
});

const FAILURES: [string, Parameters<RatesStandIn["answer"]>[0]][] = [
  ["answers 503", (_request, response) => response.writeHead(503, { "content-type": "text/plain" }).end("Service Unavailable")],
  [
    "answers 429",
    (_request, response) => response.writeHead(429, { "content-type": "application/json" }).end('{"status":{"error_code":429}}'),
  ],
  ["answers HTML", (_request, response) => response.writeHead(200, { "content-type": "text/html" }).end("<html>maintenance</html>")],
  [
    "answers truncated JSON",
    (_request, response) => response.writeHead(200, { "content-type": "application/json" }).end('{"bitcoin":{"usd":67'),
  ],
  [
    "answers rates that are not numbers",
    (_request, response) => response.writeHead(200, { "content-type": "application/json" }).end('{"bitcoin":{"usd":"cheap","eur":-1}}'),
  ],
  ["answers a zero rate", { bitcoin: { usd: 0, eur: 0 } }],
  ["answers more than 64 KB", (_request, response) => response.writeHead(200).end(`{"pad":"${"x".repeat(70_000)}"}`)],
  ["drops the connection", (request) => request.socket.destroy()],
  ["is too slow", () => undefined],
];

for (const [what, failure] of FAILURES) {
  test(`the source ${what}: a note to the buyer, no amount, no 5xx; a later load quotes`, async ({ seller, shopId, anonymous }) => {
    const invoiceId = await pendingInvoice(seller, shopId, "BTC", 12);
    standIn.answer(failure);
    const payment = await buyerPayment(anonymous, invoiceId);
    expect(payment).toMatchObject({ coin: "BTC", coin_amount: null, rate: null, quote_expires_at: null, payment_uri: null });
    expect(payment.note).toMatch(/rate cannot be fetched right now|not available for orders in USD/);
    expect(payment.address).toBe(BITCOIN_ADDRESS);

    standIn.answer(STANDIN_RATES);
    expect(await buyerPayment(anonymous, invoiceId)).toMatchObject({ coin_amount: "0.00017908" }); // 12 / 67012.5 = 0.000179071...
  });
}

test("with nothing listening at the source's address, the page still answers", async ({ seller, shopId, anonymous }) => {
  const invoiceId = await pendingInvoice(seller, shopId, "LTC", 12);
  await standIn.close();
  const payment = await buyerPayment(anonymous, invoiceId);
  // Once the port is free, the browser spec may take it and answer; either way the page answers 200.
  if (payment.coin_amount === null) expect(payment.note).toContain("Litecoin exchange rate cannot be fetched right now");
});
