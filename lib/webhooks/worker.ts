import { db, type PrismaClient } from "../db";
import { env } from "../env";
import { notifyAlways } from "../notifications/create";
import { sendOutbound, type OutboundResult } from "../outbound/request";
import { webhookRequest } from "./request";
import { nextAttemptAt } from "./retry";

/** The answer kept in the attempt log. */
const RESPONSE_LOG_BYTES = 1024;
/** A longer answer fails the attempt (lib/outbound never truncates). */
const MAX_RESPONSE_BYTES = 1024 * 1024;
/** Attempts in flight in one process, all endpoints together. */
const MAX_IN_FLIGHT = 64;
/** A claim lapses this long after an attempt's timeout (its process died mid-attempt). */
const CLAIM_MARGIN_MS = 60_000;

/** Attempts in flight per endpoint in this process: what bounds the concurrency per endpoint. */
const inFlight = new Map<number, number>();
let inFlightTotal = 0;

type Claimed = { id: number; endpoint_id: number };

/**
 * Claims due deliveries in a short transaction: per enabled endpoint, its
 * oldest due ones (`FOR UPDATE SKIP LOCKED`, so several app processes never
 * claim one twice), then at most as many per endpoint as its concurrency
 * allows beside the attempts already in flight here. A dead endpoint's
 * backlog therefore never fills a round: every other endpoint is claimed in
 * the same round. Claimed rows are `sending` with `claimed_until` set;
 * deliveries of a process that died go back to `pending` once it lapses.
 */
async function claim(client: PrismaClient): Promise<Claimed[]> {
  const perEndpoint = env().WEBHOOK_ENDPOINT_CONCURRENCY;
  const room = MAX_IN_FLIGHT - inFlightTotal;
  if (room <= 0) return [];
  return client.$transaction(async (tx) => {
    await tx.$executeRaw`
      UPDATE webhook_deliveries SET status = 'pending', claimed_until = NULL
       WHERE status = 'sending' AND claimed_until < (now() AT TIME ZONE 'UTC')`;
    const due = await tx.$queryRaw<Claimed[]>`
      SELECT d.id, d.endpoint_id
        FROM webhook_endpoints e
        CROSS JOIN LATERAL (
          SELECT id, endpoint_id FROM webhook_deliveries
           WHERE endpoint_id = e.id AND status = 'pending' AND next_attempt_at <= (now() AT TIME ZONE 'UTC')
           ORDER BY next_attempt_at, id
           LIMIT ${perEndpoint}
           FOR UPDATE SKIP LOCKED) d
       WHERE e.enabled`;
    const taken = new Map<number, number>();
    const chosen: Claimed[] = [];
    for (const row of due) {
      const busy = (inFlight.get(row.endpoint_id) ?? 0) + (taken.get(row.endpoint_id) ?? 0);
      if (busy >= perEndpoint || chosen.length >= room) continue;
      taken.set(row.endpoint_id, (taken.get(row.endpoint_id) ?? 0) + 1);
      chosen.push(row);
    }
    if (chosen.length) {
      const lapse = env().WEBHOOK_TIMEOUT_MS + CLAIM_MARGIN_MS;
      await tx.$executeRaw`
        UPDATE webhook_deliveries
           SET status = 'sending', attempts = attempts + 1, updated_at = (now() AT TIME ZONE 'UTC'),
               claimed_until = (now() AT TIME ZONE 'UTC') + make_interval(secs => ${lapse / 1000})
         WHERE id = ANY(${chosen.map((row) => row.id)}::int[])`;
    }
    return chosen;
  });
}

const firstKb = (text: string) =>
  Buffer.from(text, "utf8")
    .subarray(0, RESPONSE_LOG_BYTES)
    .toString("utf8")
    .replace(/\uFFFD$/, "");

function outcomeOf(result: OutboundResult) {
  if (result.outcome === "response") {
    const ok = result.status >= 200 && result.status < 300;
    return { ok, status: result.status, body: firstKb(result.body), error: ok ? null : `HTTP ${result.status}` };
  }
  return { ok: false, status: null, body: null, error: result.outcome === "refused" ? `Refused: ${result.reason}` : result.error };
}

/**
 * One attempt of one claimed delivery, outside any transaction; then, in
 * one transaction, its log row, the delivery's next state (succeeded, a
 * later attempt, or failed when the schedule is spent) and the endpoint's
 * failing stretch, which disables it once it has lasted
 * WEBHOOK_DISABLE_AFTER_SECONDS (the seller is notified and e-mailed, once).
 */
export async function attemptDelivery(client: PrismaClient, deliveryId: number): Promise<void> {
  const delivery = await client.webhookDelivery.findUniqueOrThrow({
    where: { id: deliveryId },
    include: { endpoint: true, event: { select: { id: true, payload: true } } },
  });
  const started = new Date();
  const request = webhookRequest(delivery.endpoint, delivery.event, started);
  const result = await sendOutbound({
    url: request.url,
    headers: request.headers,
    body: request.body,
    timeoutMs: env().WEBHOOK_TIMEOUT_MS,
    maxResponseBytes: MAX_RESPONSE_BYTES,
  });
  const outcome = outcomeOf(result);
  const now = new Date();
  const next = outcome.ok ? null : nextAttemptAt(delivery.attempts, now);
  await client.$transaction(async (tx) => {
    const updated = await tx.webhookDelivery.updateMany({
      where: { id: delivery.id },
      data: {
        status: outcome.ok ? "succeeded" : next ? "pending" : "failed",
        next_attempt_at: next ?? undefined,
        claimed_until: null,
        last_status: outcome.status,
        last_error: outcome.error?.slice(0, 1000) ?? null,
      },
    });
    // The endpoint was deleted during the attempt: nothing is left to log it on.
    if (updated.count === 0) return;
    await tx.webhookAttempt.create({
      data: {
        delivery_id: delivery.id,
        number: delivery.attempts,
        url: request.loggedUrl,
        request_headers: request.headers,
        request_body: request.body,
        response_status: outcome.status,
        response_body: outcome.body,
        duration_ms: result.durationMs,
        error: outcome.error?.slice(0, 1000) ?? null,
        created_at: started,
      },
    });
    if (outcome.ok) {
      await tx.webhookEndpoint.updateMany({
        where: { id: delivery.endpoint_id, failing_since: { not: null } },
        data: { failing_since: null },
      });
      return;
    }
    await tx.webhookEndpoint.updateMany({ where: { id: delivery.endpoint_id, failing_since: null }, data: { failing_since: now } });
    const cutoff = new Date(now.getTime() - env().WEBHOOK_DISABLE_AFTER_SECONDS * 1000);
    const reason = `Disabled automatically on ${now.toISOString()}: every delivery has failed since the stretch began (last: ${outcome.error}).`;
    // Conditional: of concurrent failures, exactly one disables the endpoint and tells the seller.
    const disabled = await tx.webhookEndpoint.updateManyAndReturn({
      where: { id: delivery.endpoint_id, enabled: true, failing_since: { lte: cutoff } },
      data: { enabled: false, disabled_reason: reason.slice(0, 1000) },
      select: { id: true, shop_id: true, url: true, format: true },
    });
    for (const endpoint of disabled) {
      await notifyAlways(tx, endpoint.shop_id, {
        event: "webhook_disabled",
        level: "error",
        title: "Webhook endpoint disabled",
        description: `Webhook #${endpoint.id} (${endpoint.url ?? endpoint.format}) failed for too long and was disabled. Fix it, then enable it again; events since then were not sent.`,
        link: `/dashboard/${endpoint.shop_id}/webhooks`,
      });
    }
  });
}

function start(client: PrismaClient, delivery: Claimed): void {
  inFlight.set(delivery.endpoint_id, (inFlight.get(delivery.endpoint_id) ?? 0) + 1);
  inFlightTotal += 1;
  void attemptDelivery(client, delivery.id)
    .catch((error) => console.error("webhook attempt failed", delivery.id, error))
    .finally(() => {
      inFlightTotal -= 1;
      const left = (inFlight.get(delivery.endpoint_id) ?? 1) - 1;
      if (left > 0) inFlight.set(delivery.endpoint_id, left);
      else inFlight.delete(delivery.endpoint_id);
      // A freed slot is filled at once, not at the next interval.
      kick();
    });
}

/** One round: claim what is due and start the attempts (they run on while later rounds claim more). Returns how many started. */
export async function runWebhookRound(client: PrismaClient): Promise<number> {
  const claimed = await claim(client);
  for (const delivery of claimed) start(client, delivery);
  return claimed.length;
}

let running = false;
let again = false;

/** Claims until a round finds nothing it may start; a kick during a round runs one more. */
async function tick(): Promise<void> {
  if (running) {
    again = true;
    return;
  }
  running = true;
  try {
    do {
      again = false;
      while ((await runWebhookRound(db())) > 0 && inFlightTotal < MAX_IN_FLIGHT);
    } while (again);
  } catch (error) {
    console.error("webhook round failed", error);
  } finally {
    running = false;
  }
}

let started = false;

function kick(): void {
  if (started) void tick();
}

const globalForWorker = globalThis as unknown as { shopdeskWebhookWorker?: NodeJS.Timeout };

/**
 * Started once per app process by server.ts, like the email outbox worker:
 * every WEBHOOK_WORKER_INTERVAL_MS it claims due deliveries, and again each
 * time an attempt ends, so a burst drains at the speed of the receivers
 * rather than of the interval.
 */
export function startWebhookWorker(): void {
  if (globalForWorker.shopdeskWebhookWorker) return;
  started = true;
  globalForWorker.shopdeskWebhookWorker = setInterval(kick, env().WEBHOOK_WORKER_INTERVAL_MS);
  globalForWorker.shopdeskWebhookWorker.unref();
}
