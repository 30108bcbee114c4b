import type { PrismaClient } from "../db";
import { requestText } from "../api/body";
import { ApiError } from "../api/errors";
import { parseJson } from "../api/json";
import { decryptSecret } from "../crypto/secrets";
import { timestampIsFresh, verifySignature } from "../dynamic/signature";
import { findCatalogVariants } from "./catalog";
import { dynamicTokenHash } from "./credentials";
import {
  claimIdempotencyKey,
  completeIdempotency,
  IN_PROGRESS_MESSAGE,
  MISMATCH_MESSAGE,
  releaseIdempotencyKey,
  requestFingerprint,
} from "./idempotency";
import { purchase, PurchaseRefused } from "./purchase";
import { rememberSignature, SignatureReplayed } from "./receiver-replay";
import { IDEMPOTENCY_KEY_MAX } from "./schemas";

const TEXT_TYPE = "text/plain; charset=utf-8";
const ID = /^\d{1,9}$/;

export function text(body: string, status: number, headers: Record<string, string> = {}): Response {
  return new Response(body, { status, headers: { ...headers, "content-type": TEXT_TYPE } });
}

/**
 * POST /v1/reseller/dynamic/{token}: a reseller's shop asks for the units a
 * customer just paid for. Checks run in the order of API-CONVENTIONS
 * ("Dynamic delivery receiver"): token, timestamp, signature (over the RAW
 * body, before anything is parsed), Idempotency-Key, product/variant,
 * quantity, then inside the purchase transaction a replayed signature
 * (lib/reseller/receiver-replay.ts), balance and stock. The answer is plain
 * text: the deliverables one per line, or the reason.
 * Serial variants only: a dynamic variant of the supplier cannot be handed
 * over synchronously, so it is answered as out of stock.
 */
export async function receiveDynamicDelivery(client: PrismaClient, request: Request, token: string | null): Promise<Response> {
  try {
    return await receive(client, request, token);
  } catch (error) {
    // The reseller's shop shows our body to its customer: plain text, no details.
    console.error("dynamic receiver failed", error);
    return text("Server Error", 500);
  }
}

async function receive(client: PrismaClient, request: Request, token: string | null): Promise<Response> {
  const reseller = token !== null ? await client.reseller.findUnique({ where: { dynamic_token_hash: dynamicTokenHash(token) } }) : null;
  if (!reseller || reseller.status !== "approved") return text("Invalid token.", 404);

  if (!timestampIsFresh(request.headers.get("x-timestamp"))) return text("Request expired.", 401);

  let raw: string;
  try {
    raw = await requestText(request);
  } catch (error) {
    if (error instanceof ApiError) return text(error.message, error.status);
    throw error;
  }
  const signature = request.headers.get("x-signature") ?? "";
  if (!verifySignature(decryptSecret(reseller.signing_secret), raw, signature)) {
    return text("Invalid signature.", 401);
  }

  const key = request.headers.get("idempotency-key")?.trim();
  if (!key) return text("Missing Idempotency-Key.", 400);
  if (key.length > IDEMPOTENCY_KEY_MAX) return text(`Idempotency-Key must not be longer than ${IDEMPOTENCY_KEY_MAX} characters.`, 400);

  const url = new URL(request.url);
  const productParam = url.searchParams.get("product_id") ?? "";
  const variantParam = url.searchParams.get("variant_id") ?? "";
  const claim = await claimIdempotencyKey(client, `dynamic:${reseller.id}`, key, requestFingerprint(productParam, variantParam, raw));
  if (claim.kind === "mismatch") return text(MISMATCH_MESSAGE, 409);
  if (claim.kind === "in_progress") return text(IN_PROGRESS_MESSAGE, 409);
  if (claim.kind === "replay") return text(claim.response.body, claim.response.status, { "Idempotent-Replayed": "true" });

  try {
    const response = await fulfil(client, reseller, productParam, variantParam, raw, { claimId: claim.id, signature });
    if (response.status !== 200) await releaseIdempotencyKey(client, claim.id);
    return response;
  } catch (error) {
    await releaseIdempotencyKey(client, claim.id);
    throw error;
  }
}

async function fulfil(
  client: PrismaClient,
  reseller: { id: number; shop_id: number; user_id: number },
  productParam: string,
  variantParam: string,
  raw: string,
  accepted: { claimId: number; signature: string },
): Promise<Response> {
  const [variant] =
    ID.test(productParam) && ID.test(variantParam)
      ? await findCatalogVariants(client, reseller.shop_id, [{ product_id: Number(productParam), variant_id: Number(variantParam) }])
      : [null];
  if (!variant) return text("Unknown product or variant.", 422);

  const quantity = quantityOf(raw);
  if (quantity === null) return text("Invalid quantity.", 422);
  if (variant.product.deliverables_type !== "serials") return text("Insufficient stock.", 422);

  try {
    let lines: string[] = [];
    await purchase(client, reseller, [{ variant, quantity }], "dynamic", {
      guard: (tx) => rememberSignature(tx, reseller.id, accepted.signature),
      record: async (tx, purchased) => {
        const items = await tx.invoiceItem.findMany({
          where: { invoice_id: purchased.invoiceId },
          select: { delivered: true },
          orderBy: { id: "asc" },
        });
        lines = items.flatMap((item) => item.delivered);
        await completeIdempotency(tx, accepted.claimId, { status: 200, body: lines.join("\n"), contentType: TEXT_TYPE });
      },
    });
    return text(lines.join("\n"), 200);
  } catch (error) {
    if (error instanceof PurchaseRefused) return text(error.message, 422);
    if (error instanceof SignatureReplayed) return text(error.message, 409);
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
