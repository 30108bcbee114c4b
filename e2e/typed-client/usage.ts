/**
 * A third party's client of Shopdesk, written against types that
 * openapi-typescript generates from the served document into ./openapi.d.ts
 * (e2e/api/openapi-client.spec.ts generates them and type-checks this file;
 * neither is run nor kept). The `@ts-expect-error` lines are uses the
 * document must make the compiler refuse, so the types cannot be `any`.
 */
import createClient from "openapi-fetch";
import type { components, paths } from "./openapi";

type Invoice = components["schemas"]["Invoice"];
type ResellerInvoice = components["schemas"]["ResellerInvoice"];

export function sellerClient(baseUrl: string, apiKey: string) {
  return createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${apiKey}` } });
}

/** Completed orders of a shop and what they brought, from the spec's money strings. */
export async function completedRevenue(baseUrl: string, apiKey: string, shopId: number): Promise<string> {
  const client = sellerClient(baseUrl, apiKey);
  const { data, error } = await client.GET("/v1/shops/{shopId}/invoices", {
    params: { path: { shopId }, query: { statuses: ["completed"], perPage: 100, orderColumn: "created_at" } },
  });
  if (error) throw new Error(error.message);
  const cents = data.data.reduce((sum, invoice) => sum + Math.round(Number(invoice.price) * 100), 0);
  // @ts-expect-error the spec writes an invoice's price as a string
  const price: number = data.data[0]!.price;
  // @ts-expect-error a list item has no `items`; the single view does
  void data.data[0]!.items;
  void price;
  return (cents / 100).toFixed(2);
}

/** Archives an order and reads what the action answers: the single Invoice view. */
export async function archive(baseUrl: string, apiKey: string, shopId: number, invoiceId: string): Promise<Invoice> {
  const client = sellerClient(baseUrl, apiKey);
  const { data, error, response } = await client.POST("/v1/shops/{shopId}/invoices/{invoiceId}/archive", {
    params: { path: { shopId, invoiceId } },
  });
  if (response.status === 404 && error && "success" in error) throw new Error(`no shop ${shopId}: ${error.error}`);
  if (error) throw new Error(error.message);
  const archived: 0 | 1 = data.archived;
  const lines: string[] = data.items.flatMap((item) => item.delivered);
  void lines;
  void archived;
  return data;
}

export async function setStatus(baseUrl: string, apiKey: string, shopId: number, invoiceId: string) {
  const client = sellerClient(baseUrl, apiKey);
  await client.POST("/v1/shops/{shopId}/invoices/{invoiceId}/status", {
    params: { path: { shopId, invoiceId } },
    body: { status: "refunded" },
  });
  await client.POST("/v1/shops/{shopId}/invoices/{invoiceId}/status", {
    params: { path: { shopId, invoiceId } },
    // @ts-expect-error `status` is one of the four the override accepts
    body: { status: "shipped" },
  });
}

/** A reseller buys once per attempt key, and reads the validation errors field by field. */
export async function buy(baseUrl: string, resellerKey: string, productId: number, variantId: number): Promise<ResellerInvoice> {
  const client = createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${resellerKey}` } });
  const { data, error } = await client.POST("/v1/reseller/invoices", {
    params: { header: { "Idempotency-Key": crypto.randomUUID() } },
    body: { items: [{ product_id: productId, variant_id: variantId, quantity: 1 }] },
  });
  if (error) {
    const fields = "errors" in error ? Object.entries(error.errors).map(([field, messages]) => `${field}: ${messages.join(" ")}`) : [];
    throw new Error([error.message, ...fields].join("\n"));
  }
  const total: number = data.total_usd;
  const keys: string[] = data.items.flatMap((item) => item.delivered);
  void total;
  void keys;
  return data;
}

/** The balance and the tier a reseller has earned; `next_tier` is null at the top. */
export async function tierProgress(baseUrl: string, resellerKey: string) {
  const client = createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${resellerKey}` } });
  const { data } = await client.GET("/v1/reseller/balance");
  if (!data) return null;
  // @ts-expect-error the next tier may be missing
  const next: string = data.next_tier.min_spent_usd;
  void next;
  return { balance: data.balance, tier: data.tier?.name ?? null, next: data.next_tier?.min_spent_usd ?? null };
}
