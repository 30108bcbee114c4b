import { env } from "../env";
import { signBody } from "./signature";

export type DynamicCallResult = { ok: true; status: number; lines: string[] } | { ok: false; status: number | null; reason: string };

type DynamicCall = {
  url: string;
  /** the calling shop's dynamic signing secret (plain) */
  secret: string;
  /** the JSON payload; the receiver reads the quantity at `item.quantity` */
  payload: unknown;
  /** the same key on every retry, so a receiver that already delivered answers with the same lines */
  idempotencyKey: string;
  attempts?: number;
};

const RETRY_DELAYS_MS = [300, 1000, 3000];

/**
 * Calls a variant's dynamic URL the way the receiver expects (signed raw
 * body, X-Timestamp, Idempotency-Key) with a timeout. Network errors,
 * timeouts and 5xx answers are retried with the same Idempotency-Key; a 4xx
 * is the receiver's final word (its plain-text reason is returned).
 * Never throws: the caller records the outcome on the invoice item.
 */
export async function callDynamicUrl(call: DynamicCall): Promise<DynamicCallResult> {
  const attempts = call.attempts ?? 3;
  const body = JSON.stringify(call.payload);
  let last: DynamicCallResult = { ok: false, status: null, reason: "Not attempted." };
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, RETRY_DELAYS_MS[attempt - 1] ?? 3000));
    last = await callOnce(call, body);
    if (last.ok || (last.status !== null && last.status < 500)) return last;
  }
  return last;
}

async function callOnce(call: DynamicCall, body: string): Promise<DynamicCallResult> {
  try {
    const response = await fetch(call.url, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Accept: "text/plain",
        "X-Signature": signBody(call.secret, body),
        "X-Timestamp": String(Math.floor(Date.now() / 1000)),
        "Idempotency-Key": call.idempotencyKey,
      },
      body,
      redirect: "error",
      signal: AbortSignal.timeout(env().DYNAMIC_DELIVERY_TIMEOUT_MS),
    });
    const text = (await response.text()).slice(0, 1_000_000);
    if (!response.ok) return { ok: false, status: response.status, reason: text.trim().slice(0, 500) || `HTTP ${response.status}` };
    const lines = text
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean);
    return { ok: true, status: response.status, lines };
  } catch (error) {
    const reason =
      error instanceof Error && error.name === "TimeoutError"
        ? "The dynamic URL did not answer in time."
        : `The dynamic URL could not be reached: ${(error as Error).message}`;
    return { ok: false, status: null, reason };
  }
}
