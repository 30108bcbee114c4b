import type { Reseller } from "../generated/prisma/client";
import type { PrismaClient } from "../db";
import { ApiError, invalid } from "../api/errors";
import { json } from "../api/respond";
import {
  claimIdempotencyKey,
  completeIdempotency,
  IN_PROGRESS_MESSAGE,
  MISMATCH_MESSAGE,
  releaseIdempotencyKey,
  requestFingerprint,
  updateStoredBody,
} from "./idempotency";
import { afterCommit } from "./after-commit";
import { createResellerInvoice } from "./invoices";
import { IDEMPOTENCY_KEY_MAX, type CreateResellerInvoiceInput } from "./schemas";

const JSON_TYPE = "application/json; charset=utf-8";

/**
 * POST /v1/reseller/invoices with the optional Idempotency-Key: the same key
 * and body replay the first answer (status and body) with
 * `Idempotent-Replayed: true` and charge nothing; the same key with another
 * body, or while the first request runs, is 409.
 */
export async function createResellerInvoiceResponse(
  client: PrismaClient,
  reseller: Reseller,
  input: CreateResellerInvoiceInput,
  idempotencyKey: string | null,
): Promise<Response> {
  if (idempotencyKey === null) return json((await createResellerInvoice(client, reseller, input)).view, 201);
  if (idempotencyKey.length < 1 || idempotencyKey.length > IDEMPOTENCY_KEY_MAX) {
    throw invalid("idempotency_key", `The Idempotency-Key header must be between 1 and ${IDEMPOTENCY_KEY_MAX} characters.`);
  }

  const scope = `reseller:${reseller.id}`;
  const claim = await claimIdempotencyKey(
    client,
    scope,
    idempotencyKey,
    requestFingerprint("POST /v1/reseller/invoices", JSON.stringify(input)),
  );
  if (claim.kind === "mismatch") throw new ApiError({ status: 409, message: MISMATCH_MESSAGE });
  if (claim.kind === "in_progress") throw new ApiError({ status: 409, message: IN_PROGRESS_MESSAGE });
  if (claim.kind === "replay") {
    return new Response(claim.response.body, {
      status: claim.response.status,
      headers: { "content-type": claim.response.contentType, "Idempotent-Replayed": "true" },
    });
  }

  let created;
  try {
    created = await createResellerInvoice(client, reseller, input, (tx, view) =>
      completeIdempotency(tx, claim.id, { status: 201, body: JSON.stringify(view), contentType: JSON_TYPE }),
    );
  } catch (error) {
    // Only an uncommitted claim is released: a committed charge keeps its replay.
    await releaseIdempotencyKey(client, claim.id);
    throw error;
  }
  const body = JSON.stringify(created.view);
  // Dynamic items may have been delivered since the commit: the replay shows what this answer shows.
  if (created.changedAfterCommit) {
    await afterCommit(`storing the replay (idempotency record ${claim.id})`, () => updateStoredBody(client, claim.id, body), undefined);
  }
  return new Response(body, { status: 201, headers: { "content-type": JSON_TYPE } });
}
