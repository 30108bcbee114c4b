import type { Db, Prisma } from "../db";
import { notFound } from "../api/errors";
import { idOrUniqueId } from "../validation/ids";
import { invoiceViewInclude, serializeInvoice } from "./serialize";

/** `{invoiceId}` is the numeric id or the unique_id, inside the shop only. */
export function invoiceWhere(shopId: number, invoiceId: string) {
  return { shop_id: shopId, ...idOrUniqueId(invoiceId) };
}

export async function findInvoiceId(db: Db, shopId: number, invoiceId: string): Promise<number> {
  const invoice = await db.invoice.findFirst({ where: invoiceWhere(shopId, invoiceId), select: { id: true } });
  if (!invoice) throw notFound("Invoice");
  return invoice.id;
}

type InvoiceRow = Prisma.InvoiceGetPayload<{ include: typeof invoiceViewInclude }>;

/** The single Invoice view of the spec; invoice actions answer with it too. */
export async function invoiceView(db: Db, id: number) {
  return viewOf(db, await db.invoice.findUniqueOrThrow({ where: { id }, include: invoiceViewInclude }));
}

/** GET of one invoice by id or unique_id: one query for the invoice with its product, variant and items. */
export async function findInvoiceView(db: Db, shopId: number, invoiceId: string) {
  const invoice = await db.invoice.findFirst({ where: invoiceWhere(shopId, invoiceId), include: invoiceViewInclude });
  if (!invoice) throw notFound("Invoice");
  return viewOf(db, invoice);
}

async function viewOf(db: Db, invoice: InvoiceRow) {
  const customFields = await db.customFieldAttachment.findMany({
    where: { morphable_type: "invoice", morphable_id: invoice.id },
    include: { custom_field: true },
    orderBy: { custom_field_id: "asc" },
  });
  return serializeInvoice(invoice, customFields);
}
