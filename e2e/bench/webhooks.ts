/**
 * `npm run bench:webhooks [-- --target postgres|pglite] [--seconds S] [--purchase-clients 1,32] [--test-clients 32] [--database NAME] [--port P]`
 *
 * The webhooks benchmark (issue 16), on a freshly migrated and seeded
 * database (no invoice load: the cells only buy and deliver):
 * 1. reseller purchases (the cell of `npm run bench`) with no endpoint subscribed;
 * 2. a live local receiver (answers 200 at once) subscribed to invoice.created,
 *    and a dead one (accepts the connection and never answers: every attempt
 *    waits the whole WEBHOOK_TIMEOUT_MS, the default 10 s unless the caller's
 *    environment sets it) subscribed to every type;
 * 3. the same purchases again, the worker delivering beside them: the ratio;
 * 4. a burst of test events to the live endpoint, then the deliveries per
 *    second its receiver gets while the dead endpoint's backlog piles up; and
 *    the same burst once more with the dead endpoint disabled (the control);
 * 5. PostgreSQL only: a backlog of --backlog deliveries made due at once on
 *    each endpoint (written straight into the outbox: the API makes events
 *    slower than the worker sends them, so a burst measures the API), and
 *    the rate at which the live receiver gets them: the worker's capacity,
 *    with the dead endpoint enabled and then disabled.
 * The server runs with `npm start`'s command, one process; results on stdout
 * and as JSON under e2e/bench/results/.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import path from "node:path";
import pg from "pg";
import { BENCH_SHOP_ID } from "./load";
import { closedLoop, httpClient, type Measurement } from "./measure";
import { benchResellerPurchases, type ResellerRun } from "./reseller";

type Target = "postgres" | "pglite";

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 && args[index + 1] ? args[index + 1]! : fallback;
};
const target = option("target", "postgres") as Target;
const seconds = Number(option("seconds", "6"));
const purchaseClients = option("purchase-clients", "1,32").split(",").map(Number);
const testClients = Number(option("test-clients", "32"));
const backlogSize = Number(option("backlog", "3000"));
/** only the purchase cells: with WEBHOOK_WORKER_INTERVAL_MS=3600000 (no worker round) it isolates the cost inside the purchase */
const purchasesOnly = args.includes("--purchases-only");
const port = Number(option("port", "3300"));
const databaseName = option("database", process.env.BENCH_DB_NAME ?? "shopdesk_bench_webhooks");
if (!/^[a-z_][a-z0-9_]*$/.test(databaseName)) throw new Error(`--database ${databaseName}: letters, digits and _ only`);
const adminUrl = process.env.BENCH_POSTGRES_ADMIN_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const root = path.resolve(import.meta.dirname, "../..");
const base = `http://127.0.0.1:${port}`;
const log = (line: string) => console.log(`[webhooks ${target}] ${line}`);

/** What the live receiver saw: when each distinct event arrived (a redelivery of one id counts once). */
const arrivals = new Map<string, number>();
const receiver = http.createServer((request, response) => {
  request.resume();
  request.on("end", () => {
    const id = String(request.headers["webhook-id"] ?? "");
    if (id && !arrivals.has(id)) arrivals.set(id, performance.now());
    response.writeHead(200, { "content-type": "text/plain" }).end("ok");
  });
});
/** The dead endpoint: takes every connection and never answers, so each attempt runs into its timeout. */
const heldSockets = new Set<net.Socket>();
let deadConnections = 0;
const dead = net.createServer((socket) => {
  deadConnections++;
  heldSockets.add(socket);
  socket.on("close", () => heldSockets.delete(socket));
  socket.on("error", () => {});
  socket.resume();
});
const listen = (server: net.Server) =>
  new Promise<number>((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)));
const livePort = await listen(receiver);
const deadPort = await listen(dead);

const env = await benchDatabase();
log("migrate and seed");
run(process.execPath, ["--import", "tsx", "prisma/migrate.ts"], env);
const credentials = JSON.parse(
  run(process.execPath, ["--import", "tsx", "prisma/seed.ts", "--reset", "--json"], env).trim().split("\n").pop()!,
);
const asSeller = { authorization: `Bearer ${credentials.seller.apiKey as string}` };
if (!existsSync(path.join(root, process.env.NEXT_DIST_DIR ?? ".next", "BUILD_ID"))) {
  log("building");
  run("npm", ["run", "-s", "build"], env);
}

log(`starting the server (npm start, one process); live receiver :${livePort}, dead endpoint :${deadPort}`);
const server = startServer();
let exitCode = 0;
try {
  await waitForHealth(server);
  log("reseller purchases, no endpoint subscribed");
  const without = await benchResellerPurchases(base, credentials, purchaseClients, seconds, log);

  const live = await createEndpoint(`http://127.0.0.1:${livePort}/hook`, ["invoice.created"], "bench: live receiver");
  const deadEndpoint = await createEndpoint(`http://127.0.0.1:${deadPort}/hook`, [], "bench: dead endpoint (never answers)");
  log("reseller purchases, a live endpoint on invoice.created and a dead one on every type");
  const withWebhooks = await benchResellerPurchases(base, credentials, purchaseClients, seconds, log);
  report({ without, withWebhooks, ...(purchasesOnly ? {} : await deliveryCells(live, deadEndpoint)) });
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  server.kill("SIGTERM");
  await new Promise((resolve) => (server.exitCode !== null ? resolve(null) : server.once("exit", resolve)));
  for (const socket of heldSockets) socket.destroy();
  receiver.close();
  dead.close();
}
process.exit(exitCode);

/** The delivery cells (step 4 and 5 above), after the purchases. */
async function deliveryCells(live: number, deadEndpoint: number) {
  await drained(live, 300);

  log(`test events to the live endpoint (${testClients} clients, ${seconds} s), the dead one enabled`);
  const withDead = await burst(live);
  const deadState = {
    deliveries: await deliveryCount(deadEndpoint),
    pending: await deliveryCount(deadEndpoint, "pending"),
    sending: await deliveryCount(deadEndpoint, "sending"),
    succeeded: await deliveryCount(deadEndpoint, "succeeded"),
    connectionsAccepted: deadConnections,
    heldNow: heldSockets.size,
  };

  await enable(deadEndpoint, false);
  log("the same burst with the dead endpoint disabled (the control)");
  const control = await burst(live);

  let backlog: { withDead: Backlog; control: Backlog } | undefined;
  if (target === "postgres") {
    await enable(deadEndpoint, true);
    log(`a backlog of ${backlogSize} due deliveries on each endpoint, the dead one enabled`);
    const backlogWithDead = await drainBacklog(live, deadEndpoint);
    await enable(deadEndpoint, false);
    log(`a backlog of ${backlogSize} due deliveries on the live endpoint, the dead one disabled`);
    backlog = { withDead: backlogWithDead, control: await drainBacklog(live, null) };
  }

  return { withDead, control, deadState, backlog };
}

type Burst = {
  generation: Measurement;
  delivered: number;
  /** first test request to the last arrival */
  overallPerSecond: number;
  /** arrivals after the last test request answered, over the time they took: the worker alone */
  drainPerSecond: number;
  drainDeliveries: number;
  /** the best whole second of arrivals */
  peakPerSecond: number;
  backlogAtGenerationEnd: number;
};

/** Test events to `endpoint` from `testClients` loops for `seconds`, then waits until every one arrived. */
async function burst(endpoint: number): Promise<Burst> {
  const send = httpClient(base, testClients);
  const before = arrivals.size;
  const started = performance.now();
  const generation = await closedLoop(
    testClients,
    seconds,
    async () =>
      (await send("POST", `/v1/shops/${BENCH_SHOP_ID}/webhooks/${endpoint}/test`, asSeller, { event_type: "invoice.created" })) === 201,
  );
  const generationEnd = performance.now();
  const arrivedAtEnd = arrivals.size - before;
  const backlogAtGenerationEnd = generation.requests - arrivedAtEnd;
  await drained(endpoint, 300);
  const times = [...arrivals.values()].slice(before).sort((a, b) => a - b);
  const last = times.at(-1) ?? generationEnd;
  const afterEnd = times.filter((t) => t > generationEnd);
  const perSecond = new Map<number, number>();
  for (const t of times) perSecond.set(Math.floor((t - started) / 1000), (perSecond.get(Math.floor((t - started) / 1000)) ?? 0) + 1);
  const result: Burst = {
    generation,
    delivered: times.length,
    overallPerSecond: times.length / ((last - started) / 1000),
    drainPerSecond: afterEnd.length > 1 ? afterEnd.length / ((last - generationEnd) / 1000) : NaN,
    drainDeliveries: afterEnd.length,
    peakPerSecond: Math.max(0, ...perSecond.values()),
    backlogAtGenerationEnd,
  };
  log(
    `  ${generation.requests} test events at ${generation.rps.toFixed(0)}/s (${generation.errors} errors); ${result.delivered} arrived: ${result.overallPerSecond.toFixed(0)}/s overall, ${result.drainPerSecond.toFixed(0)}/s draining the backlog of ${backlogAtGenerationEnd}, best second ${result.peakPerSecond}`,
  );
  return result;
}

async function enable(endpoint: number, enabled: boolean) {
  const response = await fetch(`${base}/v1/shops/${BENCH_SHOP_ID}/webhooks/${endpoint}`, {
    method: "PUT",
    headers: { ...asSeller, "content-type": "application/json" },
    body: JSON.stringify({ enabled }),
  });
  if (!response.ok) throw new Error(`setting enabled=${enabled} on endpoint ${endpoint} answered ${response.status}`);
}

type Backlog = { deliveries: number; seconds: number; perSecond: number; peakPerSecond: number };

/**
 * Writes `backlogSize` events with one delivery each for the live endpoint
 * (and as many for the dead one, when given), due two seconds from now, then
 * times the live receiver from the first arrival to the last. The events copy
 * the body of the shop's newest event (its `id` inside the body is that
 * event's; the `webhook-id` header is each copy's own).
 */
async function drainBacklog(live: number, deadEndpoint: number | null): Promise<Backlog> {
  const client = new pg.Client({ connectionString: env.DATABASE_URL });
  await client.connect();
  try {
    for (const endpoint of deadEndpoint === null ? [live] : [live, deadEndpoint]) {
      await client.query(
        `WITH source AS (SELECT type, payload FROM webhook_events WHERE shop_id = $1 ORDER BY created_at DESC LIMIT 1),
              copies AS (
                INSERT INTO webhook_events (id, shop_id, type, payload, created_at)
                SELECT 'evt_' || md5(random()::text || g::text), $1, source.type, source.payload, now() AT TIME ZONE 'UTC'
                  FROM source, generate_series(1, $2) g
                RETURNING id, type)
         INSERT INTO webhook_deliveries (endpoint_id, event_id, event_type, status, attempts, next_attempt_at, created_at, updated_at)
         SELECT $3, id, type, 'pending', 0, (now() AT TIME ZONE 'UTC') + interval '2 seconds', now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC'
           FROM copies`,
        [BENCH_SHOP_ID, backlogSize, endpoint],
      );
    }
  } finally {
    await client.end();
  }
  const before = arrivals.size;
  await drained(live, 600);
  const times = [...arrivals.values()].slice(before).sort((a, b) => a - b);
  const first = times[0] ?? 0;
  const span = ((times.at(-1) ?? first) - first) / 1000;
  const perSecond = new Map<number, number>();
  for (const t of times) perSecond.set(Math.floor((t - first) / 1000), (perSecond.get(Math.floor((t - first) / 1000)) ?? 0) + 1);
  const result = {
    deliveries: times.length,
    seconds: span,
    perSecond: times.length / span,
    peakPerSecond: Math.max(0, ...perSecond.values()),
  };
  log(`  ${result.deliveries} arrived in ${span.toFixed(1)} s: ${result.perSecond.toFixed(0)}/s, best second ${result.peakPerSecond}`);
  return result;
}

/** Waits until every delivery of the endpoint succeeded (the receiver answers 200 to each). */
async function drained(endpoint: number, limitSeconds: number) {
  const deadline = performance.now() + limitSeconds * 1000;
  while (performance.now() < deadline) {
    const [all, succeeded] = await Promise.all([deliveryCount(endpoint), deliveryCount(endpoint, "succeeded")]);
    if (all === succeeded) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the live endpoint's deliveries did not all succeed within ${limitSeconds} s`);
}

async function deliveryCount(endpoint: number, status?: string) {
  const query = status ? `&status=${status}` : "";
  const response = await fetch(`${base}/v1/shops/${BENCH_SHOP_ID}/webhooks/${endpoint}/deliveries?perPage=1${query}`, {
    headers: asSeller,
  });
  if (!response.ok) throw new Error(`the delivery log answered ${response.status}`);
  return ((await response.json()) as { total: number }).total;
}

async function createEndpoint(url: string, events: string[], description: string): Promise<number> {
  const response = await fetch(`${base}/v1/shops/${BENCH_SHOP_ID}/webhooks`, {
    method: "POST",
    headers: { ...asSeller, "content-type": "application/json" },
    body: JSON.stringify({ url, events, description }),
  });
  if (response.status !== 201) throw new Error(`creating the endpoint ${url} answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { id: number }).id;
}

function report(figures: {
  without: ResellerRun;
  withWebhooks: ResellerRun;
  withDead?: Burst;
  control?: Burst;
  deadState?: Record<string, number>;
  backlog?: { withDead: Backlog; control: Backlog };
}) {
  const { without, withWebhooks, withDead, control, deadState, backlog } = figures;
  console.log(
    `\n== webhooks, ${target}, ${seconds} s per cell, WEBHOOK_TIMEOUT_MS ${env.WEBHOOK_TIMEOUT_MS ?? "10000 (default)"}, WEBHOOK_ENDPOINT_CONCURRENCY ${env.WEBHOOK_ENDPOINT_CONCURRENCY ?? "4 (default)"}`,
  );
  console.log(`reseller purchases          clients | no endpoint req/s (p50 ms) | with webhooks req/s (p50 ms) | with / without`);
  const purchases = without.results.map((row, i) => {
    const other = withWebhooks.results[i]!;
    const ratio = other.api.rps / row.api.rps;
    console.log(
      `${" ".repeat(28)}${String(row.clients).padStart(7)} | ${row.api.rps.toFixed(1).padStart(10)} (${row.api.p50.toFixed(1)}) ${" ".repeat(8)}| ${other.api.rps.toFixed(1).padStart(12)} (${other.api.p50.toFixed(1)}) ${" ".repeat(8)}| ${ratio.toFixed(3)}`,
    );
    return { clients: row.clients, without: row.api, with: other.api, ratio };
  });
  if (withDead) console.log(`deliveries to the live receiver   | test events/s | delivered | overall/s | draining/s | best second`);
  for (const [name, burst] of [
    ["dead endpoint enabled", withDead],
    ["dead endpoint disabled", control],
  ] as const) {
    if (!burst) continue;
    console.log(
      `${name.padEnd(34)}| ${burst.generation.rps.toFixed(0).padStart(13)} | ${String(burst.delivered).padStart(9)} | ${burst.overallPerSecond.toFixed(0).padStart(9)} | ${burst.drainPerSecond.toFixed(0).padStart(10)} | ${String(burst.peakPerSecond).padStart(11)}`,
    );
  }
  if (deadState) console.log(`dead endpoint after the first burst: ${JSON.stringify(deadState)}`);
  if (backlog) {
    console.log(`a backlog due at once (${backlogSize} per endpoint) | delivered | seconds | per second | best second`);
    for (const [name, row] of [
      ["dead endpoint enabled", backlog.withDead],
      ["dead endpoint disabled", backlog.control],
    ] as const) {
      console.log(
        `${name.padEnd(40)}| ${String(row.deliveries).padStart(9)} | ${row.seconds.toFixed(1).padStart(7)} | ${row.perSecond.toFixed(0).padStart(10)} | ${String(row.peakPerSecond).padStart(11)}`,
      );
    }
  }
  const dir = path.join(root, "e2e/bench/results");
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `webhooks-${target}-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
  writeFileSync(
    file,
    JSON.stringify(
      { target, seconds, purchases, withDead, control, deadState, backlog, concurrency: env.WEBHOOK_ENDPOINT_CONCURRENCY ?? "4 (default)" },
      null,
      2,
    ),
  );
  console.log(`results: ${path.relative(root, file)}`);
}

function run(command: string, commandArgs: string[], environment: NodeJS.ProcessEnv) {
  const result = spawnSync(command, commandArgs, { cwd: root, env: environment, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${command} ${commandArgs.join(" ")} failed:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

async function benchDatabase(): Promise<NodeJS.ProcessEnv> {
  const environment: NodeJS.ProcessEnv = {
    ...process.env,
    // the secrets of the benchmark database are demo data: the key of `npm run bench`
    APP_ENCRYPTION_KEY: createHash("sha256").update("shopdesk-benchmark").digest("hex"),
    APP_URL: base,
    NEXT_TELEMETRY_DISABLED: "1",
    OUTBOUND_ALLOWED_HOSTS: `127.0.0.1:${livePort},127.0.0.1:${deadPort}`,
  };
  if (target === "postgres") {
    environment.DATABASE_URL = adminUrl.replace(/\/[^/]*$/, `/${databaseName}`);
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${databaseName}`);
    await admin.end();
  } else {
    delete environment.DATABASE_URL;
    environment.PGLITE_DIR = `/tmp/${databaseName}-pglite`;
    rmSync(environment.PGLITE_DIR, { recursive: true, force: true });
  }
  return environment;
}

/** The server as `npm start` runs it (its script, without npm in between). */
function startServer(): ChildProcess {
  const startScript = (JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: { start: string } }).scripts.start;
  return spawn("sh", ["-c", `exec env ${startScript}`], {
    cwd: root,
    env: { ...env, PATH: `${path.join(root, "node_modules/.bin")}:${env.PATH}`, PORT: String(port), WEB_CONCURRENCY: "1" },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

async function waitForHealth(child: ChildProcess) {
  for (let attempt = 0; attempt < 240; attempt++) {
    if (child.exitCode !== null) throw new Error("the server exited");
    try {
      if ((await fetch(`${base}/v1/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error("the server did not become healthy");
}
