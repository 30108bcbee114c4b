import type { Reseller } from "../generated/prisma/client";
import type { Db, PrismaClient } from "../db";
import { notFound, validationFailed, type FieldErrors } from "../api/errors";
import { offsetOf, resellerEnvelope, type Page } from "../api/pagination";
import { afterCommit } from "./after-commit";
import { findCatalogVariants, wrongProductIndexes } from "./catalog";
import { deliverDynamicItems, shouldRetryDynamic } from "./dynamic-delivery";
import { purchase, PurchaseRefused, type Purchased } from "./purchase";
import type { CreateResellerInvoiceInput } from "./schemas";
import { serializeResellerInvoice, serializeResellerInvoiceListItem } from "./serialize";

const NUMERIC_ID = /^\d{1,9}$/;

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
export async function getResellerInvoice(db: Db, reseller: Reseller, id: string) {
  const match = NUMERIC_ID.test(id) ? { OR: [{ id: Number(id) }, { unique_id: id }] } : { unique_id: id };
  const invoice = await db.invoice.findFirst({
    where: { reseller_id: reseller.id, shop_id: reseller.shop_id, ...match },
    include: { items: { orderBy: { id: "asc" } } },
  });
  if (!invoice) throw notFound("Invoice");
  if (shouldRetryDynamic(invoice.items)) {
    await deliverDynamicItems(db, invoice.id);
    return resellerInvoiceView(db, invoice.id);
  }
  return serializeResellerInvoice(invoice);
}

/** Items validated against the reseller's catalog: unknown pairs are 422 on `items.N.*`. */
export async function resolveLines(db: Db, shopId: number, input: CreateResellerInvoiceInput) {
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

/**
 * POST /v1/reseller/invoices: charge and deliver serials in one transaction,
 * which also reads the invoice as committed (`record` may store that answer
 * for idempotent replays in the same commit); then, after the commit, fetch
 * dynamic items and read the invoice again to show them. Nothing after the
 * commit can fail the request: the answer reports the committed invoice,
 * and an item that could not be delivered records why.
 */
export async function createResellerInvoice(
  client: PrismaClient,
  reseller: Reseller,
  input: CreateResellerInvoiceInput,
  record?: (tx: Db, view: ResellerInvoiceView) => Promise<void>,
): Promise<{ view: ResellerInvoiceView; changedAfterCommit: boolean }> {
  const lines = await resolveLines(client, reseller.shop_id, input);
  let committed!: ResellerInvoiceView;
  let purchased: Purchased;
  try {
    purchased = await purchase(client, reseller, lines, "api", {
      record: async (tx, made) => {
        committed = await resellerInvoiceView(tx, made.invoiceId);
        if (record) await record(tx, committed);
      },
    });
  } catch (error) {
    if (error instanceof PurchaseRefused) throw refusalToApiError(error);
    throw error;
  }
  if (!purchased.dynamicItemIds.length) return { view: committed, changedAfterCommit: false };
  const view = await afterCommit(
    `dynamic delivery of invoice ${purchased.invoiceId}`,
    async () => {
      await deliverDynamicItems(client, purchased.invoiceId, purchased.dynamicItemIds);
      return resellerInvoiceView(client, purchased.invoiceId);
    },
    committed,
  );
  return { view, changedAfterCommit: true };
}
