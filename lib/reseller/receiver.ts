import type { PrismaClient } from "../db";
import { ApiError } from "../api/errors";
import { parseJson } from "../api/json";
import { decryptSecret } from "../crypto/secrets";
import { timestampIsFresh, verifySignature } from "../dynamic/signature";
import { findCatalogVariants } from "./catalog";
import { dynamicTokenHash } from "./credentials";
import {
  answerInsert,
  IdempotencyConflict,
  idempotentTransaction,
  requestFingerprint,
  type IdempotentAnswer,
  type IdempotencyRequest,
} from "./idempotency";
import { purchase, PURCHASE_TRANSACTION, PurchaseRefused, purchaseSettings, type Purchased } from "./purchase";
import { rememberSignature, SignatureReplayed } from "./receiver-replay";
import { IDEMPOTENCY_KEY_MAX } from "./schemas";

const TEXT_TYPE = "text/plain; charset=utf-8";
const ID = /^\d{1,9}$/;

/** What the route hands over: headers and query values as sent, and the raw body, read only when asked. */
export type ReceiverRequest = {
  token: string | null;
  timestamp: string | null;
  signature: string | null;
  idempotencyKey: string | null;
  productId: string;
  variantId: string;
  /** the raw body (lib/api/body.ts, with its limit): read after the token and the timestamp passed */
  rawBody: () => Promise<string>;
};

/** A refusal or the delivered lines, as the plain text of API-CONVENTIONS ("Dynamic delivery receiver"). */
const answer = (body: string, status: number): IdempotentAnswer => ({
  response: { status, body, contentType: TEXT_TYPE },
  replayed: false,
});

/** Thrown inside the purchase transaction to answer (and roll back): the refusals found once the key is claimed. */
class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * POST /v1/reseller/dynamic/{token}: a reseller's shop asks for the units a
 * customer just paid for. Checks run in the order of API-CONVENTIONS
 * ("Dynamic delivery receiver"): token, timestamp, signature (over the RAW
 * body, before anything is parsed), Idempotency-Key, then under the key
 * (lib/reseller/idempotency.ts: a replay answers first) product/variant
 * (looked up before the transaction, answered after the replay),
 * quantity, and inside the purchase a replayed signature
 * (lib/reseller/receiver-replay.ts), balance and stock. The answer is plain
 * text, rendered by the route: the deliverables one per line, or the reason.
 * Serial variants only: a dynamic variant of the supplier cannot be handed
 * over synchronously, so it is answered as out of stock.
 */
export async function receiveDynamicDelivery(client: PrismaClient, request: ReceiverRequest): Promise<IdempotentAnswer> {
  const reseller =
    request.token !== null ? await client.reseller.findUnique({ where: { dynamic_token_hash: dynamicTokenHash(request.token) } }) : null;
  if (!reseller || reseller.status !== "approved") return answer("Invalid token.", 404);

  if (!timestampIsFresh(request.timestamp)) return answer("Request expired.", 401);

  let raw: string;
  try {
    raw = await request.rawBody();
  } catch (error) {
    if (error instanceof ApiError) return answer(error.message, error.status);
    throw error;
  }
  const signature = request.signature ?? "";
  if (!verifySignature(decryptSecret(reseller.signing_secret), raw, signature)) return answer("Invalid signature.", 401);

  const key = request.idempotencyKey?.trim();
  if (!key) return answer("Missing Idempotency-Key.", 400);
  if (key.length > IDEMPOTENCY_KEY_MAX) return answer(`Idempotency-Key must not be longer than ${IDEMPOTENCY_KEY_MAX} characters.`, 400);

  const keyed: IdempotencyRequest = {
    scope: `dynamic:${reseller.id}`,
    key,
    fingerprint: requestFingerprint(request.productId, request.variantId, raw),
  };
  // what needs no lock, before the transaction: refusals are answered inside it, after a replay
  const [[variant], settings] = await Promise.all([
    ID.test(request.productId) && ID.test(request.variantId)
      ? findCatalogVariants(client, reseller.shop_id, [{ product_id: Number(request.productId), variant_id: Number(request.variantId) }])
      : [null],
    purchaseSettings(client, reseller.shop_id),
  ]);
  try {
    const outcome = await idempotentTransaction(
      keyed,
      async (tx) => {
        if (!variant) throw new Refusal(422, "Unknown product or variant.");
        const quantity = quantityOf(raw);
        if (quantity === null) throw new Refusal(422, "Invalid quantity.");
        if (variant.product.deliverables_type !== "serials") throw new Refusal(422, "Insufficient stock.");
        const linesOf = (purchased: Purchased) => purchased.invoice.items.flatMap((item) => item.delivered).join("\n");
        const purchased = await purchase(tx, reseller, [{ variant, quantity }], settings, "dynamic", {
          guard: (locked) => rememberSignature(locked, reseller.id, signature),
          // the answer is stored by the purchase's own write statement
          alsoWrite: (done) => answerInsert(keyed, answer(linesOf(done), 200).response),
        });
        const lines = linesOf(purchased);
        return { result: lines, response: answer(lines, 200).response, stored: true };
      },
      PURCHASE_TRANSACTION,
    );
    return "replay" in outcome ? { response: outcome.replay, replayed: true } : answer(outcome.done, 200);
  } catch (error) {
    if (error instanceof IdempotencyConflict) return answer(error.message, 409);
    if (error instanceof SignatureReplayed) return answer(error.message, 409);
    if (error instanceof Refusal || error instanceof PurchaseRefused) {
      // refusals are not stored: a corrected retry with the key can run
      return answer(error.message, error instanceof Refusal ? error.status : 422);
    }
    throw error;
  }
}

/** `item.quantity` of the JSON payload: a positive integer (a JSON number, or its digits as a string). */
export function quantityOf(raw: string): number | null {
  let payload: unknown;
  try {
    payload = parseJson(raw);
  } catch {
    return null;
  }
  const item = payload && typeof payload === "object" ? (payload as { item?: unknown }).item : undefined;
  const value = item && typeof item === "object" ? (item as { quantity?: unknown }).quantity : undefined;
  const quantity = typeof value === "string" && /^\d{1,9}$/.test(value.trim()) ? Number(value.trim()) : value;
  return typeof quantity === "number" && Number.isSafeInteger(quantity) && quantity > 0 && quantity <= 2_147_483_647 ? quantity : null;
}
