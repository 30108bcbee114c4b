/**
 * Serves the Next app through node:http so that a GET request's JSON body
 * (the spec sends invoice-list filters that way; `next start` drops it) is
 * folded into the query string before Next sees the request. Body fields win
 * over query fields; route handlers read filters from the URL only.
 * Before anything else, the client address, host and scheme are resolved
 * through the trusted proxies (TRUST_PROXY) and the forwarding headers the
 * client sent are replaced by them (lib/api/forwarded.ts).
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import next from "next";
import qs from "qs";
import { applyForwarded, compileTrustProxy, resolveForwarded } from "./lib/api/forwarded";
import { JSON_BODY_LIMIT } from "./lib/api/input";
import { env } from "./lib/env";
import { startOutboxWorker } from "./lib/outbox/worker";
import { checkBeforeServing, exitUnlessReady } from "./lib/startup";

const dev = process.argv.includes("--dev");
const port = Number(process.env.PORT ?? 3000);
const hostname = process.env.HOSTNAME ?? "0.0.0.0";

const app = next({ dev, hostname, port });
const handle = app.getRequestHandler();
const trustProxy = compileTrustProxy(env().TRUST_PROXY);

function reply(res: ServerResponse, status: number, message: string) {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
  res.end(JSON.stringify({ message }));
}

function hasBody(req: IncomingMessage): boolean {
  return Number(req.headers["content-length"] ?? 0) > 0 || req.headers["transfer-encoding"] !== undefined;
}

async function readBody(req: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > JSON_BODY_LIMIT) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** Returns false when it has already answered (malformed or oversized body). */
async function foldGetBody(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  const text = await readBody(req);
  if (text === null) {
    reply(res, 413, "The request body is too large.");
    return false;
  }
  delete req.headers["content-length"];
  delete req.headers["transfer-encoding"];
  if (text.trim() === "") return true;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    reply(res, 400, "Malformed JSON body.");
    return false;
  }
  const [path, search = ""] = (req.url ?? "/").split("?", 2);
  const merged = { ...qs.parse(search, { depth: 4, arrayLimit: 1000 }), ...(body as object) };
  const folded = qs.stringify(merged, { arrayFormat: "brackets", encodeValuesOnly: true });
  req.url = folded ? `${path}?${folded}` : path;
  return true;
}

await exitUnlessReady("Shopdesk", checkBeforeServing);
await app.prepare();
startOutboxWorker();

const server = createServer(async (req, res) => {
  try {
    applyForwarded(req, resolveForwarded(req, trustProxy));
    if ((req.method === "GET" || req.method === "HEAD") && hasBody(req) && !(await foldGetBody(req, res))) return;
    await handle(req, res);
  } catch (error) {
    console.error("request failed", error);
    if (!res.headersSent) reply(res, 500, "Server Error");
    else res.end();
  }
});

server.keepAliveTimeout = 65_000;
server.listen(port, hostname, () => {
  console.log(`> Shopdesk ready on http://localhost:${port} (${dev ? "development" : "production"})`);
});

/** PGlite must be closed cleanly or its data directory may need recovery. */
async function shutdown(signal: string) {
  console.log(`> ${signal}: shutting down`);
  server.close();
  const open = (globalThis as { shopdeskPglite?: Map<string, { close(): Promise<void> }> }).shopdeskPglite;
  await Promise.allSettled([...(open?.values() ?? [])].map((pglite) => pglite.close()));
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
