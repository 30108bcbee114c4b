import PDFDocument from "pdfkit";
import type { Db } from "../db";
import { moneyString } from "../money";

/**
 * The invoice as a one-page A4 PDF: shop, invoice id and unique_id, date,
 * customer, items, totals and status. Built in memory (a few kilobytes).
 * Delivered serials are left out on purpose: a PDF gets forwarded to
 * accountants, keys must not travel with it.
 */
export async function renderInvoicePdf(db: Db, invoiceId: number): Promise<Buffer> {
  const invoice = await db.invoice.findUniqueOrThrow({
    where: { id: invoiceId },
    include: { shop: { select: { name: true } }, items: { orderBy: { id: "asc" } } },
  });
  const doc = new PDFDocument({ size: "A4", margin: 50, info: { Title: `Invoice ${invoice.unique_id}`, Author: invoice.shop.name } });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const money = (value: Parameters<typeof moneyString>[0]) => `${moneyString(value)} ${invoice.currency}`;
  doc.fontSize(20).text(invoice.shop.name);
  doc.moveDown(0.5).fontSize(14).text(`Invoice #${invoice.id}`);
  doc
    .fontSize(10)
    .text(`Reference: ${invoice.unique_id}`)
    .text(`Date: ${invoice.created_at.toISOString().slice(0, 10)}`)
    .text(`Completed: ${invoice.completed_at ? invoice.completed_at.toISOString().slice(0, 10) : "-"}`)
    .text(`Status: ${invoice.status}`)
    .text(`Payment: ${invoice.gateway ?? "not chosen yet"}`)
    .moveDown()
    .text(`Customer: ${invoice.email}`)
    .moveDown();

  doc.fontSize(11).text("Items", { underline: true }).moveDown(0.3).fontSize(10);
  for (const item of invoice.items) {
    doc.text(`${item.product_name} (${item.variant_name})  x${item.quantity}  @ ${money(item.unit_price)}  = ${money(item.total_price)}`);
  }
  doc.moveDown();
  doc.fontSize(11).text(`Total: ${money(invoice.price)}`);
  if (invoice.currency !== "USD") doc.fontSize(10).text(`Total in USD: ${moneyString(invoice.price_usd)} USD`);
  if (invoice.paid !== null) doc.fontSize(10).text(`Paid: ${money(invoice.paid)}`);
  doc.end();
  return done;
}

/** A file name without anything a header could trip on. */
export function pdfFileName(invoice: { id: number }): string {
  return `invoice-${invoice.id}.pdf`;
}
