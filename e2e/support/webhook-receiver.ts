import { randomUUID } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { APIRequestContext } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import type { WebhookDeliveryView } from "../../lib/webhooks/schemas";
import { expect, test as apiTest } from "./api";

/**
 * The local stand-in for a seller's systems, Discord and Telegram, on the one
 * port the test server may call (TEST_WEBHOOK_PORT, in its
 * OUTBOUND_ALLOWED_HOSTS; e2e/scripts/test.sh). Paths say how it answers:
 * `/ok/...` 200, `/fail/...` 500, `/discord/...` 204 (as Discord does),
 * `/telegram/bot<token>/sendMessage` Telegram's `{"ok":true}`,
 * `/dynamic/...` one line per unit (a dynamic-delivery receiver),
 * `/dynamic-fail/...` 500. A standard delivery is verified with the
 * Standard Webhooks package against the secret registered for its path.
 * One port for the run, so holding it is the lock (as with e2e/support/smtp.ts):
 * the webhook specs' tests take turns. The server runs with
 * WEBHOOK_RETRY_SCHEDULE=0.5,1 (three attempts) and WEBHOOK_DISABLE_AFTER_SECONDS=3
 * (e2e/scripts/test.sh). Endpoints that fail on purpose live in the other
 * seller's shop, so the "endpoint disabled" notification lands nowhere
 * another spec reads.
 */
export type Received = {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** standard deliveries to a path with a registered secret: the verified payload, or null when verification failed */
  verified?: WebhookBody | null;
  at: number;
};

export type WebhookBody = {
  id: string;
  type: string;
  created_at: string;
  data: { object: Record<string, unknown> & { id?: number }; [key: string]: unknown };
};

export const WEBHOOK_PORT = Number(process.env.TEST_WEBHOOK_PORT);
/** A path of its own for a test's endpoint (its first segment says how the receiver answers). */
export const uniquePath = (name: string) => `/${name}/${randomUUID()}`;
export const receiverUrl = (path: string) => `http://127.0.0.1:${WEBHOOK_PORT}${path}`;

const WAIT_FOR_PORT_MS = 180_000;

/** Listens on TEST_WEBHOOK_PORT, waiting while a test of another worker holds it. */
export async function holdReceiver() {
  expect(WEBHOOK_PORT, "TEST_WEBHOOK_PORT is set by e2e/scripts/test.sh (npm test)").toBeGreaterThan(0);
  const received: Received[] = [];
  const secrets = new Map<string, string>();
  const server = createServer((request, response) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => (body += chunk));
    request.on("end", () => {
      const path = request.url ?? "/";
      const entry: Received = { path, headers: request.headers, body, at: Date.now() };
      const secret = secrets.get(path);
      if (secret) {
        try {
          entry.verified = new Webhook(secret).verify(body, request.headers as Record<string, string>) as WebhookBody;
        } catch {
          entry.verified = null;
        }
      }
      received.push(entry);
      if (path.startsWith("/fail/") || path.startsWith("/dynamic-fail/")) return response.writeHead(500).end("receiver says no");
      if (path.startsWith("/discord/")) return response.writeHead(204).end();
      if (path.startsWith("/telegram/")) return response.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}');
      if (path.startsWith("/dynamic/")) {
        const quantity = (JSON.parse(body || "{}").item?.quantity as number | undefined) ?? 1;
        return response.writeHead(200).end(Array.from({ length: quantity }, (_, i) => `DYN-${Date.now()}-${i}`).join("\n"));
      }
      response.writeHead(200, { "content-type": "text/plain" }).end("ok " + "x".repeat(3000));
    });
  });
  const deadline = Date.now() + WAIT_FOR_PORT_MS;
  for (;;) {
    try {
      await new Promise<void>((resolve, reject) => {
        const listening = () => {
          server.off("error", failed);
          resolve();
        };
        const failed = (error: Error) => {
          server.off("listening", listening);
          reject(error);
        };
        server.once("listening", listening).once("error", failed).listen(WEBHOOK_PORT, "127.0.0.1");
      });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE" || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  return {
    received,
    /** Standard deliveries to `path` are verified with `secret`. */
    register: (path: string, secret: string) => secrets.set(path, secret),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export type Receiver = Awaited<ReturnType<typeof holdReceiver>>;

/** An endpoint a test made, by the client that owns it: deleted when the test ends. */
export type MadeEndpoint = { client: "seller" | "other"; shopId: number; id: number };

/**
 * The base of the webhook specs: `receiver` holds the receiver's port for
 * the test (waiting its turn: its own timeout, not the test's), `made`
 * collects the test's endpoints and deletes them when it ends, before the
 * receiver is let go, so no delivery of theirs is left to fail (and an
 * endpoint of the demo shop to be disabled, with a notification another
 * spec reads) while nobody listens.
 */
export const test = apiTest.extend<{ made: MadeEndpoint[]; receiver: Receiver }>({
  made: async ({ seller, otherSeller }, use) => {
    const made: MadeEndpoint[] = [];
    await use(made);
    await deleteEndpoints(made, { seller, other: otherSeller });
  },
  receiver: [
    async ({ made, seller, otherSeller }, use) => {
      const receiver = await holdReceiver();
      await use(receiver);
      await deleteEndpoints(made, { seller, other: otherSeller });
      await receiver.close();
    },
    { timeout: WAIT_FOR_PORT_MS + 30_000 },
  ],
});

export { expect };

async function deleteEndpoints(made: MadeEndpoint[], clients: Record<MadeEndpoint["client"], APIRequestContext>) {
  for (const endpoint of made.splice(0)) {
    await clients[endpoint.client].delete(`/v1/shops/${endpoint.shopId}/webhooks/${endpoint.id}`);
  }
}

/** Waits until a verified event at `path` matches, and returns it. */
export async function eventAt(receiver: Receiver, path: string, match: (event: WebhookBody) => boolean, timeout = 15_000) {
  let found: WebhookBody | undefined;
  await expect
    .poll(
      () => {
        found = receiver.received
          .filter((entry) => entry.path === path && entry.verified)
          .map((entry) => entry.verified!)
          .find(match);
        return found !== undefined;
      },
      { timeout },
    )
    .toBe(true);
  return found!;
}

export type EndpointBody = { url?: string; events?: string[]; format?: string; description?: string; [key: string]: unknown };

/** Creates an endpoint (201 asserted) and registers its secret with the receiver. */
export async function createEndpoint(seller: APIRequestContext, shopId: number, body: EndpointBody, receiver?: Receiver) {
  const response = await seller.post(`/v1/shops/${shopId}/webhooks`, { data: body });
  expect(response.status(), await response.text()).toBe(201);
  const endpoint = (await response.json()) as { id: number; secret: string; enabled: boolean };
  if (receiver && body.url) receiver.register(new URL(body.url).pathname, endpoint.secret);
  return endpoint;
}

/** A delivery as the API answers it (its schema's type: one source of shapes). */
export type Delivery = WebhookDeliveryView;

export async function deliveries(
  seller: APIRequestContext,
  shopId: number,
  endpointId: number,
  query: Record<string, string | number> = {},
) {
  const response = await seller.get(`/v1/shops/${shopId}/webhooks/${endpointId}/deliveries`, { params: { perPage: 100, ...query } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as { data: Delivery[]; total: number };
}

/** Waits until the delivery has reached `status` and returns it. */
export async function deliveryReaching(seller: APIRequestContext, shopId: number, endpointId: number, id: number, status: string) {
  let found: Delivery | undefined;
  await expect
    .poll(
      async () => {
        found = (await deliveries(seller, shopId, endpointId)).data.find((delivery) => delivery.id === id);
        return found?.status;
      },
      { timeout: 20_000 },
    )
    .toBe(status);
  return found!;
}
