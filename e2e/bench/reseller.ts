import { randomUUID } from "node:crypto";
import type { Sql } from "../../lib/db/sql";
import { BENCH_SHOP_ID } from "./load";
import { closedLoop, httpClient, type Measurement } from "./measure";

/** Serials added to the purchased variant (the append route takes 10,000 per request): more than a run buys. */
const SERIAL_CHUNKS = 6;
const SERIALS_PER_CHUNK = 10_000;
const CREDIT_USD = 50_000_000;

type Credentials = { seller: { apiKey: string }; reseller: { apiKey: string; email: string } };
type CatalogVariant = { id: number; deliverables_type: string; stock: number };
type CatalogProduct = { id: number; variants: CatalogVariant[] };

/** The last invoice and ledger entry before the run: what the check counts from. */
export type Marks = { invoiceId: number; entryId: number };

export type ResellerRun = {
  results: { clients: number; api: Measurement }[];
  resellerId: number;
  /** 201 answers, the warm-up included */
  purchases: number;
  apiBalance: number;
};

export async function markBeforePurchases(sql: Sql): Promise<Marks> {
  const [row] = await sql.query<{ invoice_id: number | null; entry_id: number | null }>(
    `SELECT (SELECT max(id) FROM invoices) AS invoice_id, (SELECT max(id) FROM reseller_ledger_entries) AS entry_id`,
  );
  return { invoiceId: row?.invoice_id ?? 0, entryId: row?.entry_id ?? 0 };
}

/**
 * Reseller purchases under load over HTTP: one serial per POST
 * /v1/reseller/invoices, each with its own Idempotency-Key, at each client
 * count. Stock and credit are added through the seller API first.
 */
export async function benchResellerPurchases(
  baseUrl: string,
  credentials: Credentials,
  clientCounts: number[],
  seconds: number,
  log: (line: string) => void,
): Promise<ResellerRun> {
  const send = httpClient(baseUrl, Math.max(...clientCounts));
  const asReseller = { authorization: `Bearer ${credentials.reseller.apiKey}` };
  const asSeller = { authorization: `Bearer ${credentials.seller.apiKey}` };

  const resellers = await getJson<{ data: { id: number; email: string }[] }>(
    `${baseUrl}/v1/shops/${BENCH_SHOP_ID}/resellers?perPage=100`,
    asSeller,
  );
  const resellerId = resellers.data.find((r) => r.email === credentials.reseller.email)?.id;
  const catalog = await getJson<{ data: CatalogProduct[] }>(`${baseUrl}/v1/reseller/products?perPage=100`, asReseller);
  const product = catalog.data.find((p) => p.variants.some((v) => v.deliverables_type === "serials" && v.stock > 0));
  const variant = product?.variants.find((v) => v.deliverables_type === "serials" && v.stock > 0);
  if (!resellerId || !product || !variant) throw new Error("the demo reseller or a serial variant in its catalog is missing: seed first");

  // new values each run: the append skips serials the variant already holds, sold ones included, so a --reuse run
  // with the same values would add nothing and buy from what earlier runs left
  const run = Date.now().toString(36);
  for (let chunk = 0; chunk < SERIAL_CHUNKS; chunk++) {
    const deliverables = Array.from({ length: SERIALS_PER_CHUNK }, (_, i) => `RBENCH-${run}-${chunk}-${i}`);
    const status = await send("PUT", `/v1/shops/${BENCH_SHOP_ID}/products/${product.id}/deliverables/append/${variant.id}`, asSeller, {
      deliverables,
    });
    if (status !== 200) throw new Error(`adding serials answered ${status}`);
  }
  const credit = await send("POST", `/v1/shops/${BENCH_SHOP_ID}/resellers/${resellerId}/balance`, asSeller, {
    amount: CREDIT_USD,
    reason: "benchmark credit",
  });
  if (credit !== 200 && credit !== 201) throw new Error(`crediting the reseller answered ${credit}`);

  const body = { items: [{ product_id: product.id, variant_id: variant.id, quantity: 1 }] };
  let purchases = 0;
  const buy = async () => {
    const ok = (await send("POST", "/v1/reseller/invoices", { ...asReseller, "idempotency-key": randomUUID() }, body)) === 201;
    if (ok) purchases++;
    return ok;
  };
  const results: ResellerRun["results"] = [];
  await closedLoop(2, 1, buy);
  for (const clients of clientCounts) {
    const api = await closedLoop(clients, seconds, buy);
    results.push({ clients, api });
    log(`  purchases @${clients}: ${api.rps.toFixed(0)} req/s, p99 ${api.p99.toFixed(1)} ms, ${api.errors} errors`);
  }
  const apiBalance = (await getJson<{ balance: number }>(`${baseUrl}/v1/reseller/balance`, asReseller)).balance;
  return { results, resellerId, purchases, apiBalance };
}

/**
 * Nothing lost, nothing doubled: every 201 is one invoice, one charge and
 * one serial nobody else got; the balance is the sum of the ledger, and the
 * API reported that balance.
 */
export async function checkResellerLedger(sql: Sql, run: ResellerRun, marks: Marks) {
  const [row] = await sql.query<{
    invoices: number;
    charges: number;
    serials: number;
    distinct_serials: number;
    ledger_sum: string;
    balance_after: string;
  }>(
    `SELECT
       (SELECT count(*)::int FROM invoices WHERE reseller_id = $1 AND id > $2) AS invoices,
       (SELECT count(*)::int FROM reseller_ledger_entries WHERE reseller_id = $1 AND id > $3 AND kind = 'charge') AS charges,
       (SELECT count(*)::int FROM stock_items s JOIN invoice_items ii ON ii.id = s.invoice_item_id
          JOIN invoices i ON i.id = ii.invoice_id WHERE i.reseller_id = $1 AND i.id > $2) AS serials,
       (SELECT count(DISTINCT s.id)::int FROM stock_items s JOIN invoice_items ii ON ii.id = s.invoice_item_id
          JOIN invoices i ON i.id = ii.invoice_id WHERE i.reseller_id = $1 AND i.id > $2) AS distinct_serials,
       (SELECT sum(amount_usd)::text FROM reseller_ledger_entries WHERE reseller_id = $1) AS ledger_sum,
       (SELECT balance_after::text FROM reseller_ledger_entries WHERE reseller_id = $1 ORDER BY id DESC LIMIT 1) AS balance_after`,
    [run.resellerId, marks.invoiceId, marks.entryId],
  );
  const check = { ...row!, purchases: run.purchases, api_balance: run.apiBalance };
  const ok =
    check.invoices === run.purchases &&
    check.charges === run.purchases &&
    check.serials === run.purchases &&
    check.distinct_serials === run.purchases &&
    Number(check.ledger_sum) === Number(check.balance_after) &&
    Number(check.balance_after) === run.apiBalance;
  return { ok, check };
}

async function getJson<T>(url: string, headers: Record<string, string>): Promise<T> {
  const response = await fetch(url, { headers: { accept: "application/json", ...headers } });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as T;
}
