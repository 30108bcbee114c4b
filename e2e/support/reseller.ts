import { createHmac, randomUUID } from "node:crypto";
import type { APIRequestContext, PlaywrightWorkerArgs } from "@playwright/test";
import type {
  ResellerBalanceView,
  ResellerCatalogProductView,
  ResellerCatalogVariantView,
  ResellerView,
  RotatedApiKeyView,
  RotatedDynamicTokenView,
  RotatedSigningSecretView,
} from "../../lib/reseller/schemas";
import type { ResellerPage } from "../../lib/api/schemas";
import { expect } from "./api";

/** Helpers of the reseller specs: fresh resellers made through the seller routes, and signed receiver calls. */

/** Money as the API rounds it: to the cent. */
export const cents = (value: number) => Math.round(value * 100) / 100;

/** A serial-key variant with stock to spare (the seeded ones hold hundreds): what the purchase tests buy. */
export const manySerials = (variant: { deliverables_type: string; stock: number }) =>
  variant.deliverables_type === "serials" && variant.stock > 20;

export type FreshReseller = { id: number; apiKey: string; signingSecret: string; dynamicToken: string; email: string };

/** Invites a new person to the shop, approves it, issues its credentials and credits `creditUsd`. */
export async function freshReseller(seller: APIRequestContext, shopId: number, creditUsd = 0): Promise<FreshReseller> {
  const email = `reseller-${randomUUID()}@example.test`;
  const invited = await seller.post(`/v1/shops/${shopId}/resellers`, { data: { email } });
  expect(invited.status(), await invited.text()).toBe(201);
  const { id } = (await invited.json()) as ResellerView;
  expect((await seller.post(`/v1/shops/${shopId}/resellers/${id}/approve`)).status()).toBe(200);
  const rotate = async <T>(credential: string) =>
    (await (await seller.post(`/v1/shops/${shopId}/resellers/${id}/${credential}/rotate`)).json()) as T;
  const { api_key: apiKey } = await rotate<RotatedApiKeyView>("api-key");
  const { signing_secret: signingSecret } = await rotate<RotatedSigningSecretView>("signing-secret");
  const { dynamic_token: dynamicToken } = await rotate<RotatedDynamicTokenView>("dynamic-token");
  if (creditUsd > 0) {
    const credited = await seller.post(`/v1/shops/${shopId}/resellers/${id}/balance`, {
      data: { amount: creditUsd, reason: "Test credit" },
    });
    expect(credited.status(), await credited.text()).toBe(200);
  }
  return { id, apiKey, signingSecret, dynamicToken, email };
}

export async function resellerClient(playwright: PlaywrightWorkerArgs["playwright"], baseURL: string | undefined, apiKey: string) {
  return playwright.request.newContext({ baseURL, extraHTTPHeaders: { Authorization: `Bearer ${apiKey}`, Accept: "application/json" } });
}

export async function catalog(client: APIRequestContext): Promise<ResellerCatalogProductView[]> {
  // every page: other specs add products to the supplying shop, so the seeded ones may be past the first
  const products: ResellerCatalogProductView[] = [];
  for (let page = 1; ; page++) {
    const response = await client.get(`/v1/reseller/products?perPage=100&page=${page}`);
    expect(response.status()).toBe(200);
    const { data } = (await response.json()) as ResellerPage<ResellerCatalogProductView>;
    products.push(...data);
    if (data.length < 100) return products;
  }
}

/** The first catalog variant matching `test` with its product id. */
export async function pickVariant(client: APIRequestContext, test: (variant: ResellerCatalogVariantView) => boolean) {
  for (const product of await catalog(client)) {
    const variant = product.variants.find(test);
    if (variant) return { productId: product.id, variant };
  }
  throw new Error("no such catalog variant");
}

export async function balanceOf(client: APIRequestContext): Promise<number> {
  const response = await client.get("/v1/reseller/balance");
  expect(response.status()).toBe(200);
  return ((await response.json()) as ResellerBalanceView).balance;
}

export function sign(secret: string, body: string) {
  return createHmac("sha256", secret).update(body, "utf8").digest("hex");
}

type ReceiverCall = {
  token: string;
  secret: string;
  productId?: number | string;
  variantId?: number | string;
  body?: string;
  quantity?: unknown;
  timestamp?: string | null;
  signature?: string | null;
  idempotencyKey?: string | null;
};

/** A dynamic-delivery request signed as a reseller's shop signs it; every part can be overridden. */
export async function callReceiver(client: APIRequestContext, call: ReceiverCall) {
  const key = call.idempotencyKey === undefined ? randomUUID() : call.idempotencyKey;
  // One order per Idempotency-Key, as a shop sends them: the receiver refuses a signed body it already charged under another key.
  const body =
    call.body ??
    JSON.stringify({ invoice: { unique_id: `test-${key ?? randomUUID()}` }, item: { quantity: "quantity" in call ? call.quantity : 1 } });
  const query = new URLSearchParams();
  if (call.productId !== undefined) query.set("product_id", String(call.productId));
  if (call.variantId !== undefined) query.set("variant_id", String(call.variantId));
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  const timestamp = call.timestamp === undefined ? String(Math.floor(Date.now() / 1000)) : call.timestamp;
  if (timestamp !== null) headers["X-Timestamp"] = timestamp;
  const signature = call.signature === undefined ? sign(call.secret, body) : call.signature;
  if (signature !== null) headers["X-Signature"] = signature;
  if (key !== null) headers["Idempotency-Key"] = key;
  // A Buffer goes out byte for byte (Playwright re-serialises a JSON string body).
  return client.post(`/v1/reseller/dynamic/${encodeURIComponent(call.token)}?${query}`, { headers, data: Buffer.from(body, "utf8") });
}
