import { Prisma, type Db } from "../db";
import { notFound } from "../api/errors";
import { idOrUniqueId, numericId } from "../validation/ids";
import { serializeInvoice } from "./serialize";
import { invoiceViewRow } from "./view-row";

/** `{invoiceId}` is the numeric id or the unique_id, inside the shop only. */
export function invoiceWhere(shopId: number, invoiceId: string) {
  return { shop_id: shopId, ...idOrUniqueId(invoiceId) };
}

/** The same match as SQL over `invoices i`, for the reads written below Prisma (the list's `id` filter, the view). */
export function invoiceIdOrUniqueIdSql(text: string): Prisma.Sql {
  const id = numericId(text);
  return id === null ? Prisma.sql`i.unique_id = ${text}` : Prisma.sql`(i.id = ${id} OR i.unique_id = ${text})`;
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
  viewWhere(db, Prisma.sql`i.shop_id = ${shopId} AND ${invoiceIdOrUniqueIdSql(invoiceId)}`);

async function viewWhere(db: Db, where: Prisma.Sql) {
  const view = await invoiceViewRow(db, where);
  if (!view) throw notFound("Invoice");
  return serializeInvoice(view.invoice, view.customFields);
}
