/**
 * Serves the Next app through node:http, which sees every request first:
 * the client address, host, scheme and country resolved through the trusted
 * proxies (TRUST_PROXY, COUNTRY_HEADER) with the forwarding headers the
 * client sent replaced by them
 * (lib/api/forwarded.ts); a path Next can decode, a GET request's JSON body
 * (the spec sends invoice-list filters that way; `next start` drops it)
 * folded into the query string, body fields winning over query fields, so
 * route handlers read filters from the URL only; a connection closed
 * when its answer leaves an upload unread (lib/api/incoming.ts); the
 * storefront's hosts (lib/storefront/host-routing.ts: STORE_DOMAIN's and the
 * shops' verified custom domains, lib/domains/host-cache.ts) and its made-up URLs,
 * sent to a 404 page before they cost a render (lib/storefront/page-gate.ts).
 *
 * WEB_CONCURRENCY=N (default 1) serves the port from N processes with
 * node:cluster: the primary only forks and replaces workers; each worker is
 * a whole server. Nothing a second process needs lives in memory (sessions,
 * rate limits, idempotency claims and records, the outbox claimed with SKIP
 * LOCKED are all in the database), so any worker may answer any request.
 * PGlite is one process's database: with it, N must be 1.
 *
 * Production runs this file as `npm run build` bundles it (.next/server.mjs,
 * plain Node); `npm run dev` runs it through tsx.
 */
import cluster from "node:cluster";
import { createServer, type IncomingMessage, type ServerOptions, type ServerResponse } from "node:http";
import { applyContentSecurityPolicy } from "./lib/api/content-security-policy";
import { applyForwarded, compileTrustProxy, resolveForwarded } from "./lib/api/forwarded";
import {
  answerClientError,
  answerNonPathTarget,
  closeWhenBodyLeftUnread,
  decodablePath,
  foldGetBody,
  refuseConnect,
  refuseServerAction,
  refuseUnservedMethod,
  replyJson,
  replyServerError,
} from "./lib/api/incoming";
import { log, logRequest } from "./lib/observability/log";
import { answerMetricsRequests, countRequest, metricsEnabled, serveMetrics } from "./lib/observability/metrics";
import { currentRequest, requestIdOf, withRequestContext } from "./lib/observability/request-context";
import { closeDb, db } from "./lib/db";
import { databaseTarget } from "./lib/db/target";
import { checkEnvironment, ConfigurationError, env } from "./lib/env";
import { startAnalyticsCompaction, stopAnalyticsCompaction } from "./lib/analytics/compaction";
import { shopOfHost, startDomainHostListener } from "./lib/domains/host-cache";
import { startDomainChecks, stopDomainChecks } from "./lib/domains/worker";
import { startOutboxWorker, stopOutboxWorker } from "./lib/outbox/worker";
import { startStorefrontCacheListener } from "./lib/storefront/cache-listener";
import { routeByHost } from "./lib/storefront/host-routing";
import { gateStorefront } from "./lib/storefront/page-gate";
import { startWebhookWorker, stopWebhookWorker } from "./lib/webhooks/worker";
import { checkBeforeServing, exitUnlessReady } from "./lib/startup";

const dev = process.argv.includes("--dev");
// the settings below are read once the environment is known to be valid
await exitUnlessReady("Shopdesk", async () => checkEnvironment());
const { PORT: port, HOSTNAME: hostname, WEB_CONCURRENCY: processes } = env();

if (processes > 1 && cluster.isPrimary) {
  await exitUnlessReady("Shopdesk", async () => {
    if (dev) throw new ConfigurationError("WEB_CONCURRENCY above 1 is for production (npm start), not the development server");
    if (databaseTarget().kind === "pglite")
      throw new ConfigurationError("WEB_CONCURRENCY above 1 needs PostgreSQL (DATABASE_URL): PGlite is one process's database");
    await checkBeforeServing();
  });
  await closeDb();
  superviseWorkers(processes);
  if (metricsEnabled()) serveMetrics(env().METRICS_PORT!, env().METRICS_HOST);
} else {
  await serve();
}

/** Forks the workers and replaces one that dies; SIGTERM/SIGINT stop them all, then the primary. */
function superviseWorkers(count: number) {
  let stopping = false;
  for (let i = 0; i < count; i++) cluster.fork();
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) return;
    console.error(`> worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
    cluster.fork();
  });
  const stop = (signal: NodeJS.Signals) => {
    stopping = true;
    console.log(`> ${signal}: stopping ${count} workers`);
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    let left = Object.keys(cluster.workers ?? {}).length;
    if (!left) process.exit(0);
    cluster.on("exit", () => {
      if (--left === 0) process.exit(0);
    });
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
}

async function serve() {
  // imported here, not at the top: the cluster primary only forks, and Next is most of a worker's memory
  const { default: next } = await import("next");
  const app = next({ dev, hostname, port });
  const handle = app.getRequestHandler();

  await exitUnlessReady("Shopdesk", checkBeforeServing);
  const trustProxy = compileTrustProxy(env().TRUST_PROXY);
  const countryHeader = env().COUNTRY_HEADER;
  const storeDomain = env().STORE_DOMAIN;
  await app.prepare();
  startOutboxWorker();
  startWebhookWorker();
  startAnalyticsCompaction();
  startDomainChecks();
  if (metricsEnabled()) {
    if (cluster.isWorker) answerMetricsRequests();
    else serveMetrics(env().METRICS_PORT!, env().METRICS_HOST);
  }
  await startStorefrontCacheListener();
  await startDomainHostListener();

  // Shopdesk serves no WebSocket and no h2c: a request asking to upgrade is answered as the request it is (Node 24).
  // Left to Next's upgrade listener, it was never answered and its socket stayed open. (`npm run dev` keeps
  // upgrades: the dev server's hot reload is one.)
  const options = (dev ? {} : { shouldUpgradeCallback: () => false }) as ServerOptions;
  const server = createServer(options, (req, res) => {
    // one log line per request, with the id the answer carries (X-Request-Id) and every 5xx body names
    const peer = req.socket.remoteAddress;
    const context = { id: requestIdOf(req.headers["x-request-id"], !!peer && trustProxy(peer, 0)) };
    const started = process.hrtime.bigint();
    const asked = { method: req.method ?? "GET", url: req.url ?? "/" };
    res.setHeader("x-request-id", context.id);
    res.on("finish", () => {
      logRequest(asked, res, context, started);
      countRequest(asked.method, asked.url, res.statusCode, Number(process.hrtime.bigint() - started) / 1e9);
    });
    void withRequestContext(context, () => answer(req, res));
  });

  async function answer(req: IncomingMessage, res: ServerResponse) {
    try {
      closeWhenBodyLeftUnread(req, res);
      if (refuseUnservedMethod(req, res) || answerNonPathTarget(req, res)) return;
      const forwarded = resolveForwarded(req, trustProxy, countryHeader);
      applyForwarded(req, forwarded, countryHeader);
      // served over TLS (here or at a trusted proxy): browsers keep to https from now on
      if (forwarded.proto === "https") res.setHeader("Strict-Transport-Security", "max-age=31536000");
      req.url = decodablePath(req.url ?? "/");
      const domainShop = await shopOfHost(db(), forwarded.host);
      const route = routeByHost({ host: forwarded.host, url: req.url, proto: forwarded.proto }, storeDomain, domainShop);
      if (route.kind === "redirect") return void res.writeHead(308, { location: route.location }).end();
      if (route.kind === "not_found") return replyJson(res, 404, "Not Found");
      if (route.kind === "rewrite") req.url = route.url;
      const gate = await gateStorefront(db(), req.method ?? "GET", req.url);
      if (gate.kind === "no_shop") return replyJson(res, 404, "Shop not found.");
      if (gate.kind === "rewrite") req.url = gate.url;
      if (refuseServerAction(req, res)) return;
      applyContentSecurityPolicy(req, res, dev);
      if (!(await foldGetBody(req, res))) return;
      await handle(req, res);
    } catch (error) {
      log.error({ req_id: currentRequest()?.id, err: error }, "request failed");
      if (!res.headersSent) replyServerError(res, currentRequest()?.id);
      else res.end();
    }
  }

  server.on("clientError", answerClientError);
  server.on("connect", refuseConnect);
  server.keepAliveTimeout = 65_000;
  server.listen(port, hostname, () => {
    const who = cluster.isWorker ? ` (worker ${process.pid})` : "";
    console.log(`> Shopdesk ready on http://localhost:${port} (${dev ? "development" : "production"})${who}`);
  });

  /**
   * The drain: stop accepting, let the requests in flight and the workers'
   * claimed batches finish (SHUTDOWN_TIMEOUT_MS at most; then the remaining
   * connections are cut, and what a worker still held is released when its
   * claim lapses), then close the database (PGlite must be closed cleanly or
   * its data directory may need recovery) and exit 0.
   */
  let stopping = false;
  async function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    const within = env().SHUTDOWN_TIMEOUT_MS;
    console.log(`> ${signal}: shutting down (draining up to ${within} ms)`);
    stopAnalyticsCompaction();
    const requestsDone = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<void>((resolve) => (timer = setTimeout(resolve, within)));
    await Promise.all([
      Promise.race([requestsDone, deadline]),
      stopOutboxWorker(within),
      stopWebhookWorker(within),
      stopDomainChecks(within),
    ]);
    clearTimeout(timer);
    server.closeAllConnections();
    await closeDb().catch((error: unknown) => console.error("closing the database failed", error));
    process.exit(0);
  }
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}
