import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { createPrivateDatabase, expectRefusal, startServer, type PrivateDatabase, type StartedServer } from "../support/private-server";
import type { ResellerCatalogProductView as CatalogProduct } from "../../lib/reseller/schemas";
import { gradientPng } from "../support/catalog";

/**
 * More than one app process on one database (docs/operations.md,
 * "Processes"): two servers share the idempotency claim (a transaction-scoped
 * advisory lock, lib/reseller/idempotency.ts), so the same Idempotency-Key
 * sent to both at the same moment makes one invoice and one charge; a
 * process killed in the middle of a purchase takes its claim with it, so a
 * retry succeeds instead of answering "in progress"; WEB_CONCURRENCY=N
 * serves one port from N processes. PostgreSQL only: PGlite is one
 * process's database (the server refuses WEB_CONCURRENCY above 1 on it).
 */
// Ports of this run's own (the suite's port + 50..52): engineers run suites side by side.
const BASE_PORT = Number(new URL(process.env.BASE_URL ?? "http://127.0.0.1:3100").port) + 50;

test.describe.configure({ mode: "serial", timeout: 180_000 });

let database: PrivateDatabase;
const servers: StartedServer[] = [];
const contexts: APIRequestContext[] = [];

test.afterAll(async () => {
  await Promise.all(contexts.map((context) => context.dispose()));
  await Promise.all(servers.map((server) => server.stop()));
  await database?.drop();
});

test("PGlite: WEB_CONCURRENCY above 1 is refused before listening", async () => {
  test.skip(process.env.TEST_TARGET !== "pglite", "PGlite pass only");
  test.setTimeout(300_000);
  database = await createPrivateDatabase("processes", `http://127.0.0.1:${BASE_PORT}`);
  const outcome = await expectRefusal(BASE_PORT, { ...database.env, APP_ENCRYPTION_KEY: database.key, WEB_CONCURRENCY: "2" });
  expect(outcome.exitCode).toBe(1);
  expect(outcome.listened).toBe(false);
  expect(outcome.output).toContain("WEB_CONCURRENCY above 1 needs PostgreSQL");
});

test.describe("on PostgreSQL", () => {
  test.skip(() => process.env.TEST_TARGET !== "postgres", "two processes need a database server");

  let buyers: APIRequestContext[];
  let line: { product_id: number; variant_id: number; price: number };
  let resellerId: number;

  test.beforeAll(async ({ playwright }) => {
    test.setTimeout(300_000);
    database = await createPrivateDatabase("processes", `http://127.0.0.1:${BASE_PORT}`);
    const env = { ...database.env, APP_ENCRYPTION_KEY: database.key };
    servers.push(...(await Promise.all([startServer(BASE_PORT, env), startServer(BASE_PORT + 1, env)])));
    buyers = await Promise.all(
      servers.map((server) =>
        playwright.request.newContext({
          baseURL: server.baseURL,
          extraHTTPHeaders: { Authorization: `Bearer ${database.seed.reseller.apiKey}`, Accept: "application/json" },
        }),
      ),
    );
    contexts.push(...buyers);
    const products = (await (await buyers[0]!.get("/v1/reseller/products?perPage=100")).json()).data as CatalogProduct[];
    const product = products.find((p) => p.variants.some((v) => v.deliverables_type === "serials" && v.stock >= 20))!;
    const variant = product.variants.find((v) => v.deliverables_type === "serials" && v.stock >= 20)!;
    line = { product_id: product.id, variant_id: variant.id, price: variant.reseller_price };
    const [row] = await database.query<{ id: number }>(`SELECT r.id FROM resellers r JOIN users u ON u.id = r.user_id WHERE u.email = $1`, [
      database.seed.reseller.email,
    ]);
    resellerId = row!.id;
  });

  const balance = async () => (await (await buyers[1]!.get("/v1/reseller/balance")).json()).balance as number;
  const counts = async () =>
    (
      await database.query<{ invoices: number; charges: number }>(
        `SELECT (SELECT count(*)::int FROM invoices WHERE reseller_id = $1) AS invoices,
                (SELECT count(*)::int FROM reseller_ledger_entries WHERE reseller_id = $1 AND kind = 'charge') AS charges`,
        [resellerId],
      )
    )[0]!;
  const cents = (value: number) => Math.round(value * 100) / 100;
  const buy = (buyer: APIRequestContext, key: string) =>
    buyer.post("/v1/reseller/invoices", { data: { items: [{ ...line, quantity: 1 }] }, headers: { "Idempotency-Key": key } });

  test("the same Idempotency-Key sent to two processes at the same moment: one invoice, one charge", async () => {
    const before = await balance();
    const earlier = await counts();
    const keys = Array.from({ length: 8 }, () => randomUUID());
    for (const key of keys) {
      const answers = await Promise.all([buy(buyers[0]!, key), buy(buyers[1]!, key)]);
      for (const answer of answers) expect([201, 409], await answer.text()).toContain(answer.status());
      const fresh = answers.filter((answer) => answer.status() === 201 && answer.headers()["idempotent-replayed"] !== "true");
      expect(fresh).toHaveLength(1);
      // whatever either process answered, the key now replays the one invoice from both
      const invoiceId = (await fresh[0]!.json()).id;
      for (const buyer of buyers) {
        const replay = await buy(buyer, key);
        expect(replay.status()).toBe(201);
        expect(replay.headers()["idempotent-replayed"]).toBe("true");
        expect((await replay.json()).id).toBe(invoiceId);
      }
    }
    const after = await counts();
    expect(after).toEqual({ invoices: earlier.invoices + keys.length, charges: earlier.charges + keys.length });
    expect(await balance()).toBe(cents(before - keys.length * line.price));
  });

  test("an image uploaded through one process is served by the other, with its ETag and a 304 on revalidation", async ({ playwright }) => {
    const sellers = await Promise.all(
      servers.map((server) =>
        playwright.request.newContext({
          baseURL: server.baseURL,
          extraHTTPHeaders: { Authorization: `Bearer ${database.seed.seller.apiKey}`, Accept: "application/json" },
        }),
      ),
    );
    contexts.push(...sellers);
    const png = gradientPng(6, 6, [200, 10, 10], [10, 10, 200]);
    const uploaded = await sellers[0]!.post(`/v1/shops/${database.seed.seller.shopIds[0]!}/images`, {
      multipart: { image: { name: "shared.png", mimeType: "image/png", buffer: png } },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
    const path = new URL((await uploaded.json()).image_url).pathname;
    const served = await sellers[1]!.get(path);
    expect(served.status()).toBe(200);
    expect(Buffer.compare(await served.body(), png)).toBe(0);
    const etag = served.headers()["etag"]!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(served.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    const revalidated = await sellers[1]!.get(path, { headers: { "If-None-Match": etag } });
    expect(revalidated.status()).toBe(304);
  });

  test("a process killed (SIGKILL) in the middle of a purchase does not hold its key: a retry on the other process succeeds", async () => {
    const before = await balance();
    const key = randomUUID();
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    // This spec's own transaction holds the reseller row, so the purchase stops inside its transaction, claim taken.
    let rowLocked!: () => void;
    const locked = new Promise<void>((resolve) => (rowLocked = resolve));
    const holder = database.use(async (query) => {
      await query(`BEGIN`);
      await query(`SELECT id FROM resellers WHERE id = $1 FOR UPDATE`, [resellerId]);
      rowLocked();
      await released;
      await query(`ROLLBACK`);
    });
    await locked;
    const doomed = buy(buyers[0]!, key).catch(() => null);
    await expect
      .poll(async () => {
        const [row] = await database.query<{ waiting: number }>(
          `SELECT count(*)::int AS waiting FROM pg_locks l JOIN pg_database d ON d.oid = l.database
           WHERE d.datname = current_database() AND l.locktype = 'advisory' AND l.granted`,
        );
        return row!.waiting;
      })
      .toBe(1);
    // while the first request holds the claim, the same key elsewhere is "in progress"
    const duplicate = await buy(buyers[1]!, key);
    expect(duplicate.status()).toBe(409);
    expect(await duplicate.json()).toEqual({ message: "A request with this Idempotency-Key is in progress." });

    servers[0]!.process.kill("SIGKILL");
    await doomed;
    release();
    await holder;
    // The dead request's transaction ends when its backend finds the connection gone (as soon as the row lock is free):
    // then the key is free. Nothing was charged for it.
    await expect.poll(async () => (await buy(buyers[1]!, key)).status(), { timeout: 30_000 }).toBe(201);
    const replay = await buy(buyers[1]!, key);
    expect(replay.headers()["idempotent-replayed"]).toBe("true");
    expect(await balance()).toBe(cents(before - line.price));
    const [counts] = await database.query<{ charges: number }>(
      `SELECT count(*)::int AS charges FROM reseller_ledger_entries WHERE reseller_id = $1 AND kind = 'charge' AND reason = $2`,
      [resellerId, `Invoice ${(await replay.json()).unique_id}`],
    );
    expect(counts!.charges).toBe(1);
  });

  test("WEB_CONCURRENCY=2 serves one port from two worker processes sharing sessions and keys", async ({ playwright }) => {
    const env = { ...database.env, APP_ENCRYPTION_KEY: database.key, WEB_CONCURRENCY: "2" };
    const cluster = await startServer(BASE_PORT + 2, env);
    servers.push(cluster);
    await expect.poll(() => childrenOf(cluster.process.pid!).length, { timeout: 60_000 }).toBe(2);
    const buyer = await playwright.request.newContext({
      baseURL: cluster.baseURL,
      extraHTTPHeaders: { Authorization: `Bearer ${database.seed.reseller.apiKey}`, Accept: "application/json" },
    });
    contexts.push(buyer);
    // a portal session made by whichever worker answers the sign-in works on every request after it
    const session = await playwright.request.newContext({ baseURL: cluster.baseURL });
    contexts.push(session);
    const login = await session.post("/v1/reseller/auth/login", {
      data: { email: database.seed.reseller.email, password: database.seed.reseller.password },
    });
    expect(login.status(), await login.text()).toBe(200);
    const reads = await Promise.all(Array.from({ length: 12 }, () => session.get("/v1/reseller/me")));
    for (const read of reads) expect(read.status()).toBe(200);
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 6 }, () => buy(buyer, key)));
    const fresh = answers.filter((answer) => answer.status() === 201 && answer.headers()["idempotent-replayed"] !== "true");
    expect(fresh).toHaveLength(1);
    for (const answer of answers) expect([201, 409]).toContain(answer.status());
  });

  test("SIGTERM during purchases: every answered purchase is whole, the process drains and exits 0, nothing stays claimed", async ({
    playwright,
  }) => {
    const env = { ...database.env, APP_ENCRYPTION_KEY: database.key, SHUTDOWN_TIMEOUT_MS: "10000" };
    const draining = await startServer(BASE_PORT + 3, env);
    servers.push(draining);
    const buyer = await playwright.request.newContext({
      baseURL: draining.baseURL,
      extraHTTPHeaders: { Authorization: `Bearer ${database.seed.reseller.apiKey}`, Accept: "application/json" },
    });
    contexts.push(buyer);
    const before = await balance();
    const earlier = await counts();
    const exited = new Promise<number | null>((resolve) => draining.process.once("exit", (code) => resolve(code)));
    const purchases = Array.from({ length: 10 }, () => buy(buyer, randomUUID()).catch(() => null));
    // the signal lands while purchases are in flight
    await new Promise((resolve) => setTimeout(resolve, 30));
    draining.process.kill("SIGTERM");
    const answers = await Promise.all(purchases);
    expect(await exited).toBe(0);
    expect(draining.output()).toContain("SIGTERM: shutting down");

    const created = answers.filter((answer): answer is NonNullable<typeof answer> => answer?.status() === 201);
    // answered ones are whole: a purchase, or a refusal (the stock may run out); one cut off by the drain's end has no answer
    for (const answer of answers) if (answer) expect([201, 422], await answer.text()).toContain(answer.status());
    expect(created.length).toBeGreaterThan(0);
    // every 201 is an invoice that exists, completed, with its charge; nothing else was charged
    for (const answer of created) {
      const invoice = (await answer.json()) as { unique_id: string };
      const [row] = await database.query<{ status: string; charges: number }>(
        `SELECT i.status, (SELECT count(*)::int FROM reseller_ledger_entries e WHERE e.reseller_id = $1 AND e.reason = 'Invoice ' || i.unique_id) AS charges
         FROM invoices i WHERE i.unique_id = $2`,
        [resellerId, invoice.unique_id],
      );
      expect(row).toEqual({ status: "completed", charges: 1 });
    }
    const after = await counts();
    expect(after.invoices - earlier.invoices).toBe(after.charges - earlier.charges);
    // the balance moved by exactly the charges made (a tier reached on the way may have lowered the later prices)
    const [charged] = await database.query<{ total: string }>(
      `SELECT coalesce(sum(amount_usd), 0)::text AS total FROM (SELECT amount_usd FROM reseller_ledger_entries
       WHERE reseller_id = $1 AND kind = 'charge' ORDER BY id DESC LIMIT $2) recent`,
      [resellerId, after.charges - earlier.charges],
    );
    expect(await balance()).toBe(cents(before - Math.abs(Number(charged!.total))));
    const [claimed] = await database.query<{ outbox: number; webhooks: number }>(
      `SELECT (SELECT count(*)::int FROM email_outbox WHERE status = 'sending') AS outbox,
              (SELECT count(*)::int FROM webhook_deliveries WHERE status = 'sending') AS webhooks`,
    );
    expect(claimed).toEqual({ outbox: 0, webhooks: 0 });
  });
});

/** The pids whose parent is `pid` (Linux /proc). */
function childrenOf(pid: number): number[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
        return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}
