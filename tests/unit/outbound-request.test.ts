import { expect, test } from "vitest";
import type { OutboundPolicy } from "../../lib/outbound/policy";
import { sendOutbound, type OutboundRequest } from "../../lib/outbound/request";
import { INTERNAL_HOSTS, internalHostName, redirectTo, startListener, type Listener } from "../../e2e/support/outbound";

/** sendOutbound in this process against local listeners; e2e/api/outbound.spec.ts runs the same rules through the server. */

const allowing = (...listeners: Listener[]): OutboundPolicy => ({
  ownReceiver: "http://shopdesk.invalid/v1/reseller/dynamic/",
  allowedHosts: new Set(listeners.map((listener) => `127.0.0.1:${listener.port}`)),
});

const send = (url: string, policy: OutboundPolicy, overrides: Partial<OutboundRequest> = {}) =>
  sendOutbound({ url, body: '{"item":{"quantity":2}}', timeoutMs: 5_000, maxResponseBytes: 1024, policy, ...overrides });

test("an allowed host:port is called: status, body and duration come back", async () => {
  const listener = await startListener();
  try {
    const result = await send(`http://127.0.0.1:${listener.port}/deliver?x=1`, allowing(listener), {
      headers: { "X-Test": "yes" },
    });
    expect(result).toMatchObject({ outcome: "response", status: 200, body: "LINE-1\nLINE-2" });
    expect(result.durationMs).toBeGreaterThanOrEqual(0);
    expect(listener.received).toHaveLength(1);
    expect(listener.received[0]).toMatchObject({ method: "POST", path: "/deliver?x=1", body: '{"item":{"quantity":2}}' });
    expect(listener.received[0]!.headers["x-test"]).toBe("yes");
  } finally {
    await listener.close();
  }
});

test("internal as written, in every spelling, is refused before connecting", async () => {
  const listener = await startListener();
  try {
    for (const host of INTERNAL_HOSTS) {
      const result = await send(`http://${host}:${listener.port}/`, allowing());
      expect(result.outcome, host).toBe("refused");
    }
    expect((await send(`file:///etc/passwd`, allowing())).outcome).toBe("refused");
    expect((await send(`gopher://127.0.0.1:${listener.port}/`, allowing(listener))).outcome).toBe("refused");
    expect(listener.received).toHaveLength(0);
  } finally {
    await listener.close();
  }
});

test("a DNS name that resolves internal is refused on the resolved address; nothing is sent", async () => {
  const name = await internalHostName();
  const listener = await startListener();
  try {
    const result = await send(`http://${name}:${listener.port}/`, allowing(listener));
    expect(result).toMatchObject({ outcome: "refused" });
    expect(result.outcome === "refused" && result.reason).toContain(`${name} resolves to an internal address`);
    expect(listener.received).toHaveLength(0);
    // the same listener, allowed by its address, is reached: the refusal was the name's resolution
    expect((await send(`http://127.0.0.1:${listener.port}/`, allowing(listener))).outcome).toBe("response");
  } finally {
    await listener.close();
  }
});

test("redirects are not followed: the 3xx comes back and its target receives nothing", async () => {
  const internal = await startListener();
  const redirecting = await startListener(redirectTo(`http://127.0.0.1:${internal.port}/steal`));
  try {
    const result = await send(`http://127.0.0.1:${redirecting.port}/`, allowing(redirecting, internal));
    expect(result).toMatchObject({ outcome: "response", status: 302 });
    expect(result.outcome === "response" && result.headers.location).toBe(`http://127.0.0.1:${internal.port}/steal`);
    expect(redirecting.received).toHaveLength(1);
    expect(internal.received).toHaveLength(0);
  } finally {
    await redirecting.close();
    await internal.close();
  }
});

test("a side that never answers times out; an answer over the limit fails, announced or streamed", async () => {
  const silent = await startListener(() => {});
  const announced = await startListener((_request, response) => response.end("x".repeat(5000)));
  const streamed = await startListener((_request, response) => {
    response.writeHead(200);
    const timer = setInterval(() => response.write("y".repeat(512)), 5);
    response.on("close", () => clearInterval(timer));
  });
  try {
    const policy = allowing(silent, announced, streamed);
    const timedOut = await send(`http://127.0.0.1:${silent.port}/`, policy, { timeoutMs: 300 });
    expect(timedOut).toMatchObject({ outcome: "failed", timedOut: true });
    for (const listener of [announced, streamed]) {
      const tooLarge = await send(`http://127.0.0.1:${listener.port}/`, policy);
      expect(tooLarge).toMatchObject({ outcome: "failed", timedOut: false, error: "the answer is larger than 1024 bytes" });
    }
  } finally {
    await Promise.all([silent.close(), announced.close(), streamed.close()]);
  }
});

test("a dead port is a failure, not a refusal", async () => {
  const listener = await startListener();
  await listener.close();
  const result = await send(`http://127.0.0.1:${listener.port}/`, allowing(listener));
  expect(result).toMatchObject({ outcome: "failed", timedOut: false });
});
