import { BENCH_SHOP_ID } from "./load";
import { closedLoop, httpClient, type Measurement } from "./measure";

export type CheckoutRun = { results: { clients: number; api: Measurement }[]; created: number };

/**
 * Checkout creation under load over HTTP: POST /v1/shops/{shopId}/checkout
 * with the seller key, one line of a service product (no stock to run out),
 * the MANUAL gateway (no processor call) and a new buyer email each time,
 * so every request also makes a customer. Each 201 is one pending invoice.
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
  await closedLoop(2, 1, checkout);
  const results: CheckoutRun["results"] = [];
  for (const clients of clientCounts) {
    const api = await closedLoop(clients, seconds, checkout);
    results.push({ clients, api });
    log(`  checkouts @${clients}: ${api.rps.toFixed(0)} req/s, p99 ${api.p99.toFixed(1)} ms, ${api.errors} errors`);
  }
  return { results, created };
}
