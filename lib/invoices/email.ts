import type { Db } from "../db";
import { appUrl } from "../env";
import { moneyString, type MoneyValue } from "../money";
import { enqueueEmail } from "../outbox/enqueue";

export type DeliveryEmailData = {
  shop: { name: string };
  invoice: { id: number; unique_id: string; email: string; status: string; price: MoneyValue; currency: string; created_at: Date };
  items: { product_name: string; variant_name: string; quantity: number; status: string; delivered: string[] }[];
  /** The buyer's page of the order (/invoice/{unique_id}); reseller orders have none. */
  pageUrl?: string | null;
};

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Everything a seller or customer typed goes through this before it reaches HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);
}

/**
 * The customer's delivery email: what was bought and what was delivered.
 * Items still being delivered (a dynamic call pending, stock short) say so,
 * and a later email carries them. Pure, so the preview shows exactly what
 * the outbox sends.
 */
export function renderDeliveryEmail(data: DeliveryEmailData): { subject: string; html: string; text: string } {
  const { shop, invoice, items, pageUrl } = data;
  const subject = `Your order ${invoice.unique_id} from ${shop.name}`;
  const total = `${moneyString(invoice.price)} ${invoice.currency}`;

  const itemHtml = items
    .map((item) => {
      const title = `${escapeHtml(item.product_name)} (${escapeHtml(item.variant_name)}) &times; ${item.quantity}`;
      const lines = item.delivered.length
        ? `<pre style="background:#f4f4f5;padding:8px;white-space:pre-wrap">${item.delivered.map(escapeHtml).join("\n")}</pre>`
        : "";
      const pending =
        item.delivered.length < item.quantity && item.status !== "completed"
          ? "<p><em>Still being delivered: you will receive another email.</em></p>"
          : "";
      return `<li><strong>${title}</strong>${lines}${pending}</li>`;
    })
    .join("");
  const html = [
    "<!doctype html>",
    '<html><head><meta charset="utf-8"><title>' + escapeHtml(subject) + "</title></head>",
    '<body style="font-family:sans-serif">',
    `<h1>${escapeHtml(shop.name)}</h1>`,
    `<p>Thank you for your order <strong>${escapeHtml(invoice.unique_id)}</strong> (invoice #${invoice.id}) placed on ${invoice.created_at.toISOString().slice(0, 10)}.</p>`,
    `<ul>${itemHtml}</ul>`,
    `<p>Total: ${escapeHtml(total)}</p>`,
    `<p>Status: ${escapeHtml(invoice.status)}</p>`,
    ...(pageUrl ? [`<p><a href="${escapeHtml(pageUrl)}">View your order, copy or download your keys</a></p>`] : []),
    "</body></html>",
  ].join("\n");

  const text = [
    `${shop.name}`,
    `Thank you for your order ${invoice.unique_id} (invoice #${invoice.id}).`,
    "",
    ...items.flatMap((item) => [
      `${item.product_name} (${item.variant_name}) x ${item.quantity}`,
      ...item.delivered.map((line) => `  ${line}`),
      ...(item.delivered.length < item.quantity && item.status !== "completed" ? ["  (still being delivered)"] : []),
    ]),
    "",
    `Total: ${total}`,
    ...(pageUrl ? ["", `Your order: ${pageUrl}`] : []),
  ].join("\n");
  return { subject, html, text };
}

/** The delivery email of an invoice as it stands now. */
export async function deliveryEmailOf(db: Db, invoiceId: number) {
  const invoice = await db.invoice.findUniqueOrThrow({
    where: { id: invoiceId },
    include: { shop: { select: { name: true } }, items: { orderBy: { id: "asc" } } },
  });
  const pageUrl = invoice.reseller_id === null ? `${appUrl()}/invoice/${invoice.unique_id}` : null;
  return { invoice, email: renderDeliveryEmail({ shop: invoice.shop, invoice, items: invoice.items, pageUrl }) };
}

/** Queues the delivery email (to `to`, or the invoice's address) in the caller's transaction. */
export async function queueDeliveryEmail(db: Db, invoiceId: number, to?: string): Promise<number> {
  const { invoice, email } = await deliveryEmailOf(db, invoiceId);
  return enqueueEmail(db, { shopId: invoice.shop_id, invoiceId, to: to ?? invoice.email, kind: "delivery", ...email });
}
