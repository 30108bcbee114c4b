import type { Reseller } from "../generated/prisma/client";
import type { Db, PrismaClient } from "../db";
import { ApiError, invalid, notFound, validationFailed, type FieldErrors } from "../api/errors";
import { invoiceIdMatch } from "../invoices/find";
import { offsetOf, resellerEnvelope, type Page } from "../api/pagination";
import { deliverDynamicItems, dueOnRead, RESELLER_DELIVERY } from "../dynamic/delivery";
import { afterCommit } from "./after-commit";
import { findCatalogVariants, wrongProductIndexes } from "./catalog";
import {
  answerInsert,
  IdempotencyConflict,
  idempotentTransaction,
  requestFingerprint,
  storedResponse,
  updateStoredBody,
  type Idempotent,
  type IdempotentAnswer,
  type IdempotencyRequest,
} from "./idempotency";
import {
  purchase,
  PURCHASE_TRANSACTION,
  PurchaseRefused,
  purchaseSettings,
  type PurchaseLine,
  type Purchased,
  type PurchaseSettings,
} from "./purchase";
import { IDEMPOTENCY_KEY_MAX, type CreateResellerInvoiceInput } from "./schemas";
import { serializeResellerInvoice, serializeResellerInvoiceListItem } from "./serialize";

/** GET /v1/reseller/invoices: this reseller's invoices, newest first. */
export async function listResellerInvoices(db: Db, reseller: Reseller, page: Page) {
  const where = { reseller_id: reseller.id, shop_id: reseller.shop_id };
  const [total, invoices] = await Promise.all([
    db.invoice.count({ where }),
    db.invoice.findMany({ where, orderBy: [{ created_at: "desc" }, { id: "desc" }], skip: offsetOf(page), take: page.perPage }),
  ]);
  return resellerEnvelope(page, invoices.map(serializeResellerInvoiceListItem), total);
}

export async function resellerInvoiceView(db: Db, invoiceId: number) {
  const invoice = await db.invoice.findUniqueOrThrow({ where: { id: invoiceId }, include: { items: { orderBy: { id: "asc" } } } });
  return serializeResellerInvoice(invoice);
}

/**
 * GET /v1/reseller/invoices/{id}: by id or unique_id, this reseller's only
 * (anyone else's is 404). Pending dynamic items are fetched again when
 * their last attempt is old enough.
 */
export async function getResellerInvoice(client: PrismaClient, reseller: Reseller, id: string) {
  const invoice = await client.invoice.findFirst({
    where: { reseller_id: reseller.id, shop_id: reseller.shop_id, ...invoiceIdMatch(id).where },
    include: { items: { orderBy: { id: "asc" } } },
  });
  if (!invoice) throw notFound("Invoice");
  const due = dueOnRead(RESELLER_DELIVERY, invoice.items);
  if (due.length) {
    await deliverDynamicItems(client, RESELLER_DELIVERY, due);
    return resellerInvoiceView(client, invoice.id);
  }
  return serializeResellerInvoice(invoice);
}

/** Items validated against the reseller's catalog: unknown pairs are 422 on `items.N.*`. */
export async function resolveLines(db: Db, shopId: number, input: CreateResellerInvoiceInput): Promise<PurchaseLine[]> {
  const variants = await findCatalogVariants(db, shopId, input.items);
  if (variants.some((variant) => !variant)) {
    const wrongProduct = await wrongProductIndexes(db, shopId, input.items);
    const errors: FieldErrors = {};
    variants.forEach((variant, index) => {
      if (variant) return;
      const field = wrongProduct.has(index) ? "product_id" : "variant_id";
      errors[`items.${index}.${field}`] = [`The selected items.${index}.${field} is not in the reseller catalog.`];
    });
    throw validationFailed(errors);
  }
  return input.items.map((item, index) => ({ variant: variants[index]!, quantity: item.quantity }));
}

export function refusalToApiError(error: PurchaseRefused) {
  if (error.reason === "balance") return validationFailed({ balance: [error.message] }, error.message);
  return validationFailed({ [`items.${error.lineIndex ?? 0}.quantity`]: [error.message] }, error.message);
}

export type ResellerInvoiceView = Awaited<ReturnType<typeof resellerInvoiceView>>;

const JSON_TYPE = "application/json; charset=utf-8";

/**
 * POST /v1/reseller/invoices: charge and deliver serials in one transaction
 * (lib/reseller/purchase.ts), under the optional Idempotency-Key
 * (lib/reseller/idempotency.ts): the same key and body replay the first
 * answer and charge nothing; another body, or a request still running with
 * the key, is 409. The answer is built once from what the transaction wrote.
 * After the commit, dynamic items are fetched and the invoice read again to
 * show them (the stored replay follows). Nothing after the commit can fail
 * the request: the answer reports the committed invoice, and an item that
 * could not be delivered records why.
 */
export async function createResellerInvoice(
  client: PrismaClient,
  reseller: Reseller,
  input: CreateResellerInvoiceInput,
  idempotencyKey: string | null,
): Promise<IdempotentAnswer> {
  const request = idempotencyKey === null ? null : keyRequest(reseller, input, idempotencyKey);
  let lines: PurchaseLine[];
  let settings: PurchaseSettings;
  try {
    // what needs no lock, before the transaction and side by side
    [lines, settings] = await Promise.all([resolveLines(client, reseller.shop_id, input), purchaseSettings(client, reseller.shop_id)]);
  } catch (error) {
    // a catalog entry gone since the first answer: the client is still owed its replay
    const stored = request ? await storedResponse(client, request).catch(() => null) : null;
    if (stored) return { response: stored, replayed: true };
    throw error;
  }
  let outcome: Idempotent<{ purchased: Purchased; body: string }>;
  try {
    outcome = await idempotentTransaction(
      request,
      async (tx) => {
        const responseOf = (purchased: Purchased) => ({
          status: 201,
          body: JSON.stringify(serializeResellerInvoice(purchased.invoice)),
          contentType: JSON_TYPE,
        });
        // the answer is stored by the purchase's own write statement
        const purchased = await purchase(tx, reseller, lines, settings, "api", {
          alsoWrite: (done) => (request ? answerInsert(request, responseOf(done)) : null),
        });
        const response = responseOf(purchased);
        return { result: { purchased, body: response.body }, response, stored: request !== null };
      },
      PURCHASE_TRANSACTION,
    );
  } catch (error) {
    if (error instanceof PurchaseRefused) throw refusalToApiError(error);
    if (error instanceof IdempotencyConflict) throw new ApiError({ status: 409, message: error.message });
    throw error;
  }
  if ("replay" in outcome) return { response: outcome.replay, replayed: true };

  const { purchased, body } = outcome.done;
  if (!purchased.dynamicItemIds.length) return { response: { status: 201, body, contentType: JSON_TYPE }, replayed: false };
  const delivered = await afterCommit(
    `dynamic delivery of invoice ${purchased.invoice.id}`,
    async () => {
      await deliverDynamicItems(client, RESELLER_DELIVERY, purchased.dynamicItemIds);
      const fuller = JSON.stringify(await resellerInvoiceView(client, purchased.invoice.id));
      // the replay shows what this answer shows
      if (request) await updateStoredBody(client, request, fuller);
      return fuller;
    },
    body,
  );
  return { response: { status: 201, body: delivered, contentType: JSON_TYPE }, replayed: false };
}

function keyRequest(reseller: Reseller, input: CreateResellerInvoiceInput, key: string): IdempotencyRequest {
  if (key.length < 1 || key.length > IDEMPOTENCY_KEY_MAX) {
    throw invalid("idempotency_key", `The Idempotency-Key header must be between 1 and ${IDEMPOTENCY_KEY_MAX} characters.`);
  }
  return { scope: `reseller:${reseller.id}`, key, fingerprint: requestFingerprint("POST /v1/reseller/invoices", JSON.stringify(input)) };
}
