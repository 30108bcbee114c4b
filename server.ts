/**
 * Serves the Next app through node:http, which sees every request first:
 * the client address, host and scheme resolved through the trusted proxies
 * (TRUST_PROXY) with the forwarding headers the client sent replaced by them
 * (lib/api/forwarded.ts); a path Next can decode, a GET request's JSON body
 * (the spec sends invoice-list filters that way; `next start` drops it)
 * folded into the query string, body fields winning over query fields, so
 * route handlers read filters from the URL only; and a connection closed
 * when its answer leaves an upload unread (lib/api/incoming.ts).
 */
import { createServer } from "node:http";
import next from "next";
import { applyForwarded, compileTrustProxy, resolveForwarded } from "./lib/api/forwarded";
import { answerClientError, closeWhenBodyLeftUnread, decodablePath, foldGetBody, replyJson } from "./lib/api/incoming";
import { env } from "./lib/env";
import { startOutboxWorker } from "./lib/outbox/worker";
import { checkBeforeServing, exitUnlessReady } from "./lib/startup";

const dev = process.argv.includes("--dev");
const port = Number(process.env.PORT ?? 3000);
const hostname = process.env.HOSTNAME ?? "0.0.0.0";

const app = next({ dev, hostname, port });
const handle = app.getRequestHandler();

await exitUnlessReady("Shopdesk", checkBeforeServing);
const trustProxy = compileTrustProxy(env().TRUST_PROXY);
await app.prepare();
startOutboxWorker();

const server = createServer(async (req, res) => {
  try {
    closeWhenBodyLeftUnread(req, res);
    applyForwarded(req, resolveForwarded(req, trustProxy));
    req.url = decodablePath(req.url ?? "/");
    if (!(await foldGetBody(req, res))) return;
    await handle(req, res);
  } catch (error) {
    console.error("request failed", error);
    if (!res.headersSent) replyJson(res, 500, "Server Error");
    else res.end();
  }
});

server.on("clientError", answerClientError);
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
