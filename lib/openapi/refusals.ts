import * as z from "../validation/zod";
import { forbiddenBody, messageBody, shopNotFoundBody, validationErrorBody } from "../api/schemas";
import type { Operation } from "./operation";

/**
 * The error answers of API-CONVENTIONS.md, each a response component of the
 * document. Most are derived from what an operation is (its auth, its path
 * ids, whether it reads a body); an operation names the others in `errors`.
 */
export const REFUSALS = {
  MalformedJson: { status: 400, description: 'The body is not a JSON object: `{"message": "Malformed JSON body."}`', body: messageBody },
  Unauthenticated: { status: 401, description: 'Missing or invalid credentials: `{"message": "Unauthenticated."}`', body: messageBody },
  CrossOrigin: { status: 403, description: "A browser request from another site (its `Origin` is not this host).", body: messageBody },
  Forbidden: {
    status: 403,
    description:
      'The caller\'s role in the shop, or a read-only key, lacks the operation\'s permission: `{"message": "...", "permission": "invoices:write"}`; or a key on a route for dashboard sessions only (`{"message": "..."}`); or, on a sensitive change, a session whose password was last entered too long ago: `{"message": "...", "error": "reauthentication_required"}` (`POST /v1/account/reauthenticate`, then retry).',
    body: forbiddenBody,
  },
  ShopNotFound: { status: 404, description: "The shop is missing or not the caller's.", body: shopNotFoundBody },
  RecordNotFound: { status: 404, description: 'No such record for the caller: `{"message": "<Thing> not found."}`', body: messageBody },
  ShopOrRecordNotFound: {
    status: 404,
    description: 'The shop is not the caller\'s (`ShopNotFound`), or the record is not in it (`{"message": "<Thing> not found."}`).',
    body: z.union([shopNotFoundBody, messageBody]),
  },
  IdempotencyConflict: {
    status: 409,
    description: "The `Idempotency-Key` was used with another body, or its first request is still running.",
    body: messageBody,
  },
  Gone: { status: 410, description: 'The e-mailed link was used, has expired or was withdrawn: `{"message": "..."}`', body: messageBody },
  TooLarge: { status: 413, description: "The body is over its limit (1 MiB of JSON, 20480 KB for an upload).", body: messageBody },
  Invalid: {
    status: 422,
    description: "Validation failed, or the record's state refuses the change (then under `errors.status`).",
    body: validationErrorBody,
  },
  GatewayUnavailable: {
    status: 502,
    description: "The card processor could not start the payment (unreachable, or it refused): the invoice is marked `failed`; try again.",
    body: messageBody,
  },
  TooManyAttempts: {
    status: 429,
    description: 'Rate limited: `{"message": "Too Many Attempts."}`; try again after `Retry-After` seconds.',
    body: messageBody,
    headers: { "Retry-After": { description: "Seconds until a new attempt is counted.", required: true, schema: { type: "integer" } } },
  },
  StorageUnavailable: {
    status: 503,
    description:
      "The image storage (the S3-compatible bucket of `STORAGE_URL`) did not answer or refused, after retries: nothing was saved; try again after `Retry-After` seconds.",
    body: messageBody,
    headers: { "Retry-After": { description: "Seconds to wait.", required: true, schema: { type: "integer" } } },
  },
  HashingBusy: {
    status: 503,
    description:
      "Too many password checks at once in this process (they are bounded so sign-ins cannot exhaust the CPU); try again after `Retry-After` seconds.",
    body: messageBody,
    headers: { "Retry-After": { description: "Seconds to wait.", required: true, schema: { type: "integer" } } },
  },
} as const;

export type RefusalName = keyof typeof REFUSALS;

/** A plain-text refusal of the signed receiver, shown at the reseller's shop checkout. */
export type PlainTextRefusal = { status: 400 | 401 | 404 | 409 | 413 | 422; description: string };

export type Refusal = RefusalName | PlainTextRefusal;

/** What every operation of this kind can be refused with, then what the operation adds. */
export function refusalsOf(op: Operation): Refusal[] {
  if (op.auth === "signature") return op.errors ?? [];
  const ids = [...op.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => name);
  const derived: Refusal[] = [];
  if (op.auth === "seller" || op.auth === "reseller") derived.push("Unauthenticated");
  if (op.auth === "seller" && ((op.permission && op.permission !== "account") || op.sessionOnly || op.reauth)) derived.push("Forbidden");
  if (op.auth === "reseller" && op.sessionOnly) derived.push("Forbidden");
  if (ids.length) {
    const otherIds = ids.some((name) => name !== "shopId");
    derived.push(!ids.includes("shopId") ? "RecordNotFound" : otherIds ? "ShopOrRecordNotFound" : "ShopNotFound");
  }
  // server.ts reads the JSON body of any GET (list filters may come that way).
  if (op.method === "get" || (op.body && !op.multipart)) derived.push("MalformedJson");
  if (op.method === "get" || op.body) derived.push("TooLarge");
  if (op.query || op.body) derived.push("Invalid");
  const all = [...derived, ...(op.errors ?? []).filter((refusal) => !derived.includes(refusal))];
  const statuses = all.map(statusOf);
  const twice = statuses.find((status, index) => statuses.indexOf(status) !== index);
  if (twice) throw new Error(`${op.operationId} documents ${twice} twice`);
  return all;
}

export function statusOf(refusal: Refusal): number {
  return typeof refusal === "string" ? REFUSALS[refusal].status : refusal.status;
}
