import { Prisma, type Db } from "../db";
import { notFound } from "../api/errors";
import { numericId } from "../validation/ids";
import { serializeInvoice } from "./serialize";
import { invoiceViewRow } from "./view-row";

/**
 * "The numeric id or the `unique_id`" (an invoice in a path or a filter),
 * decided once and given in both forms: Prisma's condition, and SQL over
 * `invoices i` for the reads written in SQL (the list's `id` filter, the
 * view). A text that cannot be an id matches the `unique_id` only.
 */
export function invoiceIdMatch(text: string): { where: Prisma.InvoiceWhereInput; sql: Prisma.Sql } {
  const id = numericId(text);
  return id === null
    ? { where: { unique_id: text }, sql: Prisma.sql`i.unique_id = ${text}` }
    : { where: { OR: [{ id }, { unique_id: text }] }, sql: Prisma.sql`(i.id = ${id} OR i.unique_id = ${text})` };
}

/** `{invoiceId}` is the numeric id or the unique_id, inside the shop only. */
export function invoiceWhere(shopId: number, invoiceId: string): Prisma.InvoiceWhereInput {
  return { shop_id: shopId, ...invoiceIdMatch(invoiceId).where };
}

export async function findInvoiceId(db: Db, shopId: number, invoiceId: string): Promise<number> {
  const invoice = await db.invoice.findFirst({ where: invoiceWhere(shopId, invoiceId), select: { id: true } });
  if (!invoice) throw notFound("Invoice");
  return invoice.id;
}

/** The single Invoice view of the spec; invoice actions answer with it too. */
export const invoiceView = (db: Db, id: number) => viewWhere(db, Prisma.sql`i.id = ${id}`);

/** GET of one invoice by id or unique_id, inside the shop. */
export const findInvoiceView = (db: Db, shopId: number, invoiceId: string) =>
  viewWhere(db, Prisma.sql`i.shop_id = ${shopId} AND ${invoiceIdMatch(invoiceId).sql}`);

async function viewWhere(db: Db, where: Prisma.Sql) {
  const view = await invoiceViewRow(db, where);
  if (!view) throw notFound("Invoice");
  return serializeInvoice(view.invoice, view.customFields);
}
