import { randomUUID } from "node:crypto";
import type { Db } from "../db";
import { hitRateLimit } from "../api/rate-limit";
import type { Reseller } from "../generated/prisma/client";
import { decryptSecret } from "../crypto/secrets";
import { callDynamicUrl } from "../dynamic/client";
import { dynamicUrlFor } from "./catalog";
import { dynamicTokenOf } from "./credentials";
import type { TestDeliveryInput } from "./schemas";

/** Test deliveries one reseller may make per hour. */
export const TEST_DELIVERIES_PER_HOUR = 60;

/**
 * POST /v1/reseller/test-delivery: calls the reseller's own receiver URL
 * exactly as its shop would (signed body, X-Timestamp, a fresh
 * Idempotency-Key), so the reseller can see the answer without holding the
 * signing secret in the page. It is a real delivery: the units are charged.
 * Answers what the receiver said; `status` is null when it could not be reached.
 */
export async function sendTestDelivery(db: Db, reseller: Reseller, input: TestDeliveryInput) {
  // each one calls out and charges units: a reseller's own burst is bounded
  await hitRateLimit(db, `reseller-test-delivery:${reseller.id}`, TEST_DELIVERIES_PER_HOUR, 3600);
  const url = dynamicUrlFor(dynamicTokenOf(reseller), input.product_id, input.variant_id);
  const result = await callDynamicUrl({
    url,
    secret: decryptSecret(reseller.signing_secret),
    idempotencyKey: `portal-test-${randomUUID()}`,
    attempts: 1,
    payload: {
      invoice: { unique_id: `portal-test-${Date.now()}` },
      item: { product_id: input.product_id, variant_id: input.variant_id, quantity: input.quantity },
    },
  });
  return { url, status: result.status, body: result.ok ? result.lines.join("\n") : result.reason };
}
