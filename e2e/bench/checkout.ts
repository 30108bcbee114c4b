import { BENCH_SHOP_ID } from "./load";
import { closedLoop, closedLoopSamples, httpClient, merged, type Measurement } from "./measure";
import { STOREFRONT_SUBDOMAIN } from "./storefront";

export type CheckoutRun = { results: { clients: number; api: Measurement; storefront: Measurement }[]; created: number };

/**
 * The storefront limits checkouts per client address (CHECKOUT_LIMIT per ten
 * minutes), so each storefront checkout comes from its own address: the
 * bench's server trusts loopback as a proxy (TRUST_PROXY=loopback) and each
 * request names a new one in X-Forwarded-For, from 198.18.0.0/15 (RFC 2544's
 * benchmarking range: 131,072 addresses).
 */
function benchAddress(n: number) {
  return `198.${18 + ((n >> 16) & 1)}.${(n >> 8) & 255}.${n & 255}`;
}

/**
 * Checkout creation under load over HTTP: POST /v1/shops/{shopId}/checkout
 * with the seller key, one line of a service product (no stock to run out),
 * the MANUAL gateway (no processor call) and a new buyer email each time,
 * so every request also makes a customer. Each 201 is one pending invoice.
 * Then the same cart through the storefront (POST /s/{subdomain}/api/checkout,
 * as the cart page sends it: no key, the buyer's address from the request),
 * at the same client counts. The storefront's span sits between two halves
 * of the API's, so that both cells share the machine's drift and the growth
 * of the tables every checkout writes to (each span adds hundreds to
 * thousands of invoices and customers): measured one after the other, the
 * second cell always ran on the larger tables.
 */
export async function benchCheckouts(
  baseUrl: string,
  sellerApiKey: string,
  clientCounts: number[],
  seconds: number,
  log: (line: string) => void,
): Promise<CheckoutRun> {
  const send = httpClient(baseUrl, Math.max(...clientCounts));
  const asSeller = { authorization: `Bearer ${sellerApiKey}` };
  const settings = await send("PUT", `/v1/shops/${BENCH_SHOP_ID}/settings`, asSeller, { valid_payment_methods: ["MANUAL"] });
  if (settings !== 200) throw new Error(`enabling MANUAL answered ${settings}`);
  const response = await fetch(`${baseUrl}/v1/shops/${BENCH_SHOP_ID}/products`, {
    method: "POST",
    headers: { ...asSeller, "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({ name: `Bench checkout ${Date.now()}`, deliverables_type: "service", variants: [{ name: "Seat", price: 5 }] }),
  });
  if (response.status !== 201) throw new Error(`creating the checkout product answered ${response.status}`);
  const product = (await response.json()) as { id: number; variants: { id: number }[] };
  const line = { productId: product.id, variantId: product.variants[0]!.id, quantity: 1 };

  let created = 0;
  let buyer = 0;
  const checkout = async () => {
    buyer += 1;
    const body = {
      cart: [line],
      email: `bench-buyer-${Date.now().toString(36)}-${buyer}@example.test`,
      gateway: "MANUAL",
      ip: "203.0.113.7",
    };
    const ok = (await send("POST", `/v1/shops/${BENCH_SHOP_ID}/checkout`, asSeller, body)) === 201;
    if (ok) created++;
    return ok;
  };
  let address = 0;
  const origin = new URL(baseUrl).origin;
  const storefrontCheckout = async () => {
    buyer += 1;
    address += 1;
    const body = {
      cart: [line],
      email: `bench-buyer-${Date.now().toString(36)}-${buyer}@example.test`,
      gateway: "MANUAL",
      terms: true,
    };
    const headers = { origin, "x-forwarded-for": benchAddress(address) };
    const ok = (await send("POST", `/s/${STOREFRONT_SUBDOMAIN}/api/checkout`, headers, body)) === 200;
    if (ok) created++;
    return ok;
  };
  await closedLoop(2, 1, checkout);
  await closedLoop(2, 1, storefrontCheckout);
  const results: CheckoutRun["results"] = [];
  for (const clients of clientCounts) {
    const apiBefore = await closedLoopSamples(clients, seconds / 2, checkout);
    const storefront = await closedLoop(clients, seconds, storefrontCheckout);
    const api = merged(apiBefore, await closedLoopSamples(clients, seconds / 2, checkout));
    log(`  checkouts @${clients}: ${api.rps.toFixed(0)} req/s, p99 ${api.p99.toFixed(1)} ms, ${api.errors} errors`);
    log(
      `  storefront checkouts @${clients}: ${storefront.rps.toFixed(0)} req/s, p99 ${storefront.p99.toFixed(1)} ms, ${storefront.errors} errors`,
    );
    results.push({ clients, api, storefront });
  }
  return { results, created };
}
