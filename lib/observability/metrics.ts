import cluster from "node:cluster";
import { createServer } from "node:http";
import client from "prom-client";
import { Prisma, query, type Db } from "../db";
import { connection } from "../db/connection";
import { env } from "../env";
import { log, routePattern } from "./log";

/**
 * Prometheus metrics (`prom-client`), served on their own port when
 * METRICS_PORT is set (bound to METRICS_HOST, loopback by default): never on
 * the app's port, where anyone could read them. Under WEB_CONCURRENCY=N the
 * cluster's primary answers with every worker's metrics added up
 * (prom-client's AggregatorRegistry over IPC); the database's queues are
 * read by each worker and reported once (`aggregator: "max"`).
 *
 * Labels are bounded, so hostile traffic cannot grow the registry: a route
 * is its pattern (ids and tokens replaced, lib/observability/log.ts) under
 * /v1 and its first segment elsewhere; a 404 is `unmatched` (scanners ask for
 * anything); past ROUTE_LABELS_MAX distinct patterns, the rest are `other`.
 */

const ROUTE_LABELS_MAX = 500;
const routesSeen = new Set<string>();

export function metricRoute(url: string, status: number): string {
  if (status === 404) return "unmatched";
  const pattern = routePattern(url);
  const label = pattern.startsWith("/v1/") ? pattern : pattern.replace(/^(\/[^/]*)\/.+$/, "$1/*");
  if (routesSeen.has(label)) return label;
  if (routesSeen.size >= ROUTE_LABELS_MAX) return "other";
  routesSeen.add(label);
  return label;
}

type Metrics = ReturnType<typeof createMetrics>;
// one set per process: server.ts and the bundles Next made each load this module
const KEY = Symbol.for("shopdesk.metrics");
const holder = globalThis as unknown as { [KEY]?: Metrics };

function metrics(): Metrics {
  return (holder[KEY] ??= createMetrics());
}

/** Off unless METRICS_PORT is set: then nothing is counted, and no timer watches the event loop. */
export function metricsEnabled(): boolean {
  return env().METRICS_PORT !== undefined;
}

function createMetrics() {
  client.collectDefaultMetrics(); // process memory and CPU, event-loop lag, heap, GC
  const requests = new client.Counter({
    name: "shopdesk_http_requests_total",
    help: "Requests answered, by method, route pattern and status.",
    labelNames: ["method", "route", "status"] as const,
  });
  const duration = new client.Histogram({
    name: "shopdesk_http_request_duration_seconds",
    help: "Time to answer a request, by method and route pattern.",
    labelNames: ["method", "route"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  });
  const sales = new client.Counter({
    name: "shopdesk_sales_requests_total",
    help: "Reseller purchases and checkouts (API and storefront), by result: created (2xx), refused (4xx), error (5xx).",
    labelNames: ["kind", "result"] as const,
  });
  const webhookAttempts = new client.Counter({
    name: "shopdesk_webhook_attempts_total",
    help: "Webhook delivery attempts, by result: succeeded, http_error, network_error, refused (the address was not allowed).",
    labelNames: ["result"] as const,
  });
  new client.Gauge({
    name: "shopdesk_db_pool_connections",
    help: "PostgreSQL connections of this process's pool: in use, idle, and requests waiting for one.",
    labelNames: ["state"] as const,
    collect() {
      const { driver } = connection();
      if (driver.kind !== "postgres") return;
      const { totalCount, idleCount, waitingCount } = driver.pool;
      this.set({ state: "in_use" }, totalCount - idleCount);
      this.set({ state: "idle" }, idleCount);
      this.set({ state: "waiting" }, waitingCount);
    },
  });
  const queues = { outbox: { depth: 0, age: 0 }, webhooks: { depth: 0, age: 0 } };
  new client.Gauge({
    name: "shopdesk_queue_depth",
    help: "Messages waiting to be sent: e-mails in the outbox, webhook deliveries pending.",
    labelNames: ["queue"] as const,
    aggregator: "max",
    async collect() {
      Object.assign(queues, await readQueues(connection().prisma));
      this.set({ queue: "outbox" }, queues.outbox.depth);
      this.set({ queue: "webhooks" }, queues.webhooks.depth);
    },
  });
  new client.Gauge({
    name: "shopdesk_queue_oldest_age_seconds",
    help: "Age of the oldest message waiting in each queue (0 when empty).",
    labelNames: ["queue"] as const,
    aggregator: "max",
    collect() {
      // read by shopdesk_queue_depth's collect, which the registry runs first (registration order)
      this.set({ queue: "outbox" }, queues.outbox.age);
      this.set({ queue: "webhooks" }, queues.webhooks.age);
    },
  });
  return { requests, duration, sales, webhookAttempts };
}

async function readQueues(db: Db) {
  const [row] = await query<{ outbox: bigint; outbox_oldest: Date | null; webhooks: bigint; webhooks_oldest: Date | null }>(
    db,
    Prisma.sql`SELECT
      (SELECT count(*) FROM email_outbox WHERE status = 'pending') AS outbox,
      (SELECT min(created_at) FROM email_outbox WHERE status = 'pending') AS outbox_oldest,
      (SELECT count(*) FROM webhook_deliveries WHERE status IN ('pending', 'sending')) AS webhooks,
      (SELECT min(created_at) FROM webhook_deliveries WHERE status IN ('pending', 'sending')) AS webhooks_oldest`,
  );
  const age = (since: Date | null | undefined) => (since ? Math.max(0, (Date.now() - since.getTime()) / 1000) : 0);
  return {
    outbox: { depth: Number(row?.outbox ?? 0), age: age(row?.outbox_oldest) },
    webhooks: { depth: Number(row?.webhooks ?? 0), age: age(row?.webhooks_oldest) },
  };
}

const SALES_ROUTES: [RegExp, string][] = [
  [/^\/v1\/reseller\/invoices$/, "reseller_purchase"],
  [/^\/v1\/shops\/:id\/checkout$/, "checkout"],
  [/\/api\/checkout$/, "storefront_checkout"],
];

/** Counts one answered request (server.ts, when its answer is finished). */
export function countRequest(method: string, url: string, status: number, seconds: number): void {
  if (!metricsEnabled()) return;
  const { requests, duration, sales } = metrics();
  const route = metricRoute(url, status);
  requests.inc({ method, route, status: String(status) });
  duration.observe({ method, route }, seconds);
  if (method !== "POST") return;
  const pattern = routePattern(url);
  const kind = SALES_ROUTES.find(([test]) => test.test(pattern))?.[1];
  if (kind) sales.inc({ kind, result: status < 300 ? "created" : status < 500 ? "refused" : "error" });
}

export type WebhookAttemptResult = "succeeded" | "http_error" | "network_error" | "refused";

export function countWebhookAttempt(result: WebhookAttemptResult): void {
  if (metricsEnabled()) metrics().webhookAttempts.inc({ result });
}

/**
 * Serves GET /metrics on METRICS_HOST:METRICS_PORT: this process's registry,
 * or, in a cluster's primary, every worker's added up.
 */
export function serveMetrics(port: number, host: string): void {
  const aggregated = cluster.isPrimary && Object.keys(cluster.workers ?? {}).length > 0 ? new client.AggregatorRegistry() : null;
  if (!aggregated) metrics();
  const server = createServer(async (req, res) => {
    if (req.method !== "GET" || (req.url ?? "").split("?")[0] !== "/metrics") return void res.writeHead(404).end();
    try {
      const body = aggregated ? await aggregated.clusterMetrics() : await client.register.metrics();
      res.writeHead(200, { "content-type": client.register.contentType }).end(body);
    } catch (error) {
      res.writeHead(500, { "content-type": "text/plain" }).end(error instanceof Error ? error.message : "metrics failed");
    }
  });
  // a port already taken costs the metrics, not the app
  server.on("error", (error) => log.error({ err: error, port, host }, "metrics port unavailable"));
  server.listen(port, host);
}

/** A cluster worker answers its primary's requests for its metrics (prom-client's listener). */
export function answerMetricsRequests(): void {
  metrics();
  new client.AggregatorRegistry();
}
