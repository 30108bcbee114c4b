import { createServer, type IncomingHttpHeaders } from "node:http";
import type { APIRequestContext } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import type { WebhookDeliveryView } from "../../lib/webhooks/schemas";
import { expect } from "./api";

/**
 * The local stand-in for a seller's systems, Discord and Telegram, on the one
 * port the test server may call (TEST_WEBHOOK_PORT, in its
 * OUTBOUND_ALLOWED_HOSTS; e2e/scripts/test.sh). Paths say how it answers:
 * `/ok/...` 200, `/fail/...` 500, `/discord/...` 204 (as Discord does),
 * `/telegram/bot<token>/sendMessage` Telegram's `{"ok":true}`,
 * `/dynamic/...` one line per unit (a dynamic-delivery receiver),
 * `/dynamic-fail/...` 500. A standard delivery is verified with the
 * Standard Webhooks package against the secret registered for its path.
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
export const receiverUrl = (path: string) => `http://127.0.0.1:${WEBHOOK_PORT}${path}`;

export async function startReceiver() {
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
  await new Promise<void>((resolve, reject) => server.once("error", reject).listen(WEBHOOK_PORT, "127.0.0.1", resolve));
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

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

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
