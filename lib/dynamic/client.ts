import { env } from "../env";
import type { OutboundPolicy } from "../outbound/policy";
import { sendOutbound } from "../outbound/request";
import { signBody } from "./signature";

export type DynamicCallResult =
  | { ok: true; status: number; lines: string[] }
  /** `refused`: the URL is or resolves to an internal address, so nothing was sent (and retrying cannot help). */
  | { ok: false; status: number | null; reason: string; refused?: true };

type DynamicCall = {
  url: string;
  /** the calling shop's dynamic signing secret (plain) */
  secret: string;
  /** the JSON payload; the receiver reads the quantity at `item.quantity` */
  payload: unknown;
  /** the same key on every retry, so a receiver that already delivered answers with the same lines */
  idempotencyKey: string;
  attempts?: number;
  /** What may be called besides public addresses; the configured policy (APP_URL, OUTBOUND_ALLOWED_HOSTS) when absent. */
  policy?: OutboundPolicy;
};

const RETRY_DELAYS_MS = [300, 1000, 3000];

/** The longest reason kept of a failure (a receiver's plain-text answer, or what is recorded on an item). */
export const MAX_REASON_CHARS = 1000;

/**
 * Calls a variant's dynamic URL the way the receiver expects (signed raw
 * body, X-Timestamp, Idempotency-Key) through lib/outbound (public targets
 * only, bounded time and size, no redirects). Network errors, timeouts and
 * 5xx answers are retried with the same Idempotency-Key; a 3xx or 4xx is the
 * receiver's final word (its plain-text reason is returned), and so is a
 * refusal of the target.
 * Never throws: the caller records the outcome (lib/dynamic/delivery.ts).
 */
export async function callDynamicUrl(call: DynamicCall): Promise<DynamicCallResult> {
  const attempts = call.attempts ?? 3;
  const body = JSON.stringify(call.payload);
  let last: DynamicCallResult = { ok: false, status: null, reason: "Not attempted." };
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, RETRY_DELAYS_MS[attempt - 1] ?? 3000));
    last = await callOnce(call, body);
    if (last.ok || last.refused || (last.status !== null && last.status < 500)) return last;
  }
  return last;
}

/** Enough for thousands of keys; a longer answer is a failure rather than a truncated delivery. */
const MAX_ANSWER_BYTES = 1024 * 1024;

async function callOnce(call: DynamicCall, body: string): Promise<DynamicCallResult> {
  const result = await sendOutbound({
    url: call.url,
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Accept: "text/plain",
      "X-Signature": signBody(call.secret, body),
      "X-Timestamp": String(Math.floor(Date.now() / 1000)),
      "Idempotency-Key": call.idempotencyKey,
    },
    body,
    timeoutMs: env().DYNAMIC_DELIVERY_TIMEOUT_MS,
    maxResponseBytes: MAX_ANSWER_BYTES,
    policy: call.policy,
  });
  switch (result.outcome) {
    case "refused":
      return { ok: false, status: null, refused: true, reason: `Refused: ${result.reason}.` };
    case "failed":
      return {
        ok: false,
        status: null,
        reason: result.timedOut ? "The dynamic URL did not answer in time." : `The dynamic URL could not be reached: ${result.error}`,
      };
  }
  const { status, body: text } = result;
  if (status >= 300 && status < 400) {
    return {
      ok: false,
      status,
      reason: `Redirects are not followed (Location: ${String(result.headers.location ?? "none").slice(0, 300)}).`,
    };
  }
  if (status < 200 || status >= 300) return { ok: false, status, reason: text.trim().slice(0, MAX_REASON_CHARS) || `HTTP ${status}` };
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  return { ok: true, status, lines };
}
