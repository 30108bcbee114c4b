import { db, execute, Prisma, query, type PrismaClient } from "../db";
import { env } from "../env";
import { countWebhookAttempt } from "../observability/metrics";
import { notifyAlways } from "../notifications/create";
import { sendOutbound, type OutboundResult } from "../outbound/request";
import { recordSuccess, type AttemptRecord } from "./attempt-log";
import { sealLegacyDiscordUrls } from "./endpoints";
import { webhookRequest, type EndpointSettings } from "./request";
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

/** A claimed delivery with what its attempt sends: the endpoint's settings and the event's stored body. */
type Claimed = {
  id: number;
  endpoint_id: number;
  /** this attempt's number (counted when claimed) */
  attempts: number;
  event_id: string;
  payload: string;
} & EndpointSettings;

/**
 * Claims due deliveries in one statement: per enabled endpoint, its oldest
 * due ones (`FOR UPDATE SKIP LOCKED`, so several app processes never claim
 * one twice), at most as many as its concurrency leaves beside the attempts
 * already in flight here. A dead endpoint's backlog therefore never fills a
 * round: every other endpoint is claimed in the same round. Claimed rows are
 * `sending` with `claimed_until` set, and come back with their endpoint and
 * event, so an attempt reads nothing more.
 */
async function claim(client: PrismaClient): Promise<Claimed[]> {
  const perEndpoint = env().WEBHOOK_ENDPOINT_CONCURRENCY;
  const room = MAX_IN_FLIGHT - inFlightTotal;
  if (room <= 0) return [];
  const lapse = (env().WEBHOOK_TIMEOUT_MS + CLAIM_MARGIN_MS) / 1000;
  return query<Claimed>(
    client,
    Prisma.sql`
    WITH "due" AS (
      SELECT d."id"
        FROM "webhook_endpoints" e
        LEFT JOIN unnest(${[...inFlight.keys()]}::int[], ${[...inFlight.values()]}::int[]) AS busy("endpoint_id", "attempts")
          ON busy."endpoint_id" = e."id"
        CROSS JOIN LATERAL (
          SELECT "id" FROM "webhook_deliveries"
           WHERE "endpoint_id" = e."id" AND "status" = 'pending' AND "next_attempt_at" <= (now() AT TIME ZONE 'UTC')
           ORDER BY "next_attempt_at", "id"
           LIMIT GREATEST(${perEndpoint} - COALESCE(busy."attempts", 0), 0)
           FOR UPDATE SKIP LOCKED) d
       WHERE e."enabled"
       LIMIT ${room}
    )
    UPDATE "webhook_deliveries" w
       SET "status" = 'sending', "attempts" = w."attempts" + 1, "updated_at" = (now() AT TIME ZONE 'UTC'),
           "claimed_until" = (now() AT TIME ZONE 'UTC') + make_interval(secs => ${lapse})
      FROM "due", "webhook_endpoints" e, "webhook_events" ev
     WHERE w."id" = "due"."id" AND e."id" = w."endpoint_id" AND ev."id" = w."event_id"
    RETURNING w."id", w."endpoint_id", w."attempts", w."event_id", ev."payload",
      e."format", e."url", e."url_encrypted", e."secret_encrypted", e."telegram_token_encrypted", e."telegram_chat_id"`,
  );
}

/**
 * Claims of a process that died mid-attempt lapse (WEBHOOK_TIMEOUT_MS plus
 * a margin after the claim) and go back to `pending`; any process's worker
 * does this on its interval, not on every round.
 */
async function releaseLapsedClaims(client: PrismaClient): Promise<void> {
  await execute(
    client,
    Prisma.sql`
    UPDATE "webhook_deliveries" SET "status" = 'pending', "claimed_until" = NULL
     WHERE "status" = 'sending' AND "claimed_until" < (now() AT TIME ZONE 'UTC')`,
  );
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
 * One attempt of one claimed delivery, outside any transaction, then its
 * record: a success joins the batch of successes (one statement for all that
 * end together: lib/webhooks/attempt-log.ts); a failure is one transaction
 * with its log row, the delivery's next state (a later attempt, or failed
 * when the schedule is spent) and the endpoint's failing stretch, which
 * disables it once it has lasted WEBHOOK_DISABLE_AFTER_SECONDS (the seller
 * is notified and e-mailed, once).
 */
async function attemptDelivery(client: PrismaClient, delivery: Claimed): Promise<void> {
  const started = new Date();
  const request = webhookRequest(delivery, { id: delivery.event_id, payload: delivery.payload }, started);
  const result = await sendOutbound({
    url: request.url,
    headers: request.headers,
    body: request.body,
    timeoutMs: env().WEBHOOK_TIMEOUT_MS,
    maxResponseBytes: MAX_RESPONSE_BYTES,
  });
  const outcome = outcomeOf(result);
  countWebhookAttempt(
    outcome.ok ? "succeeded" : outcome.status !== null ? "http_error" : result.outcome === "refused" ? "refused" : "network_error",
  );
  const attempt: AttemptRecord = {
    delivery_id: delivery.id,
    number: delivery.attempts,
    url: request.loggedUrl,
    request_headers: request.headers,
    request_body: request.body,
    response_status: outcome.status,
    response_body: outcome.body,
    duration_ms: Math.round(result.durationMs),
    error: outcome.error?.slice(0, 1000) ?? null,
    created_at: started,
  };
  if (outcome.ok) return recordSuccess(client, attempt);

  const now = new Date();
  const next = nextAttemptAt(delivery.attempts, now);
  await client.$transaction(async (tx) => {
    const updated = await tx.webhookDelivery.updateMany({
      where: { id: delivery.id },
      data: {
        status: next ? "pending" : "failed",
        next_attempt_at: next ?? undefined,
        claimed_until: null,
        last_status: outcome.status,
        last_error: attempt.error,
      },
    });
    // The endpoint was deleted during the attempt: nothing is left to log it on.
    if (updated.count === 0) return;
    await tx.webhookAttempt.create({ data: attempt });
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
  void attemptDelivery(client, delivery)
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
async function runWebhookRound(client: PrismaClient): Promise<number> {
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
 * every WEBHOOK_WORKER_INTERVAL_MS it releases lapsed claims and claims due
 * deliveries, and it claims again each time an attempt ends, so a burst
 * drains at the speed of the receivers rather than of the interval.
 */
/**
 * Stops claiming and waits (at most `withinMs`) for the attempts in flight to
 * be recorded, so no delivery is left claimed by a process that is gone (one
 * that outlives the wait is released when its claim lapses).
 */
export async function stopWebhookWorker(withinMs: number): Promise<void> {
  started = false;
  if (globalForWorker.shopdeskWebhookWorker) clearInterval(globalForWorker.shopdeskWebhookWorker);
  const deadline = Date.now() + withinMs;
  while ((running || inFlightTotal > 0) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
}

export function startWebhookWorker(): void {
  if (globalForWorker.shopdeskWebhookWorker) return;
  started = true;
  sealLegacyDiscordUrls(db()).catch((error) => console.error("sealing stored Discord webhook URLs failed", error));
  globalForWorker.shopdeskWebhookWorker = setInterval(() => {
    releaseLapsedClaims(db())
      .catch((error) => console.error("webhook claim release failed", error))
      .finally(kick);
  }, env().WEBHOOK_WORKER_INTERVAL_MS);
  globalForWorker.shopdeskWebhookWorker.unref();
}
