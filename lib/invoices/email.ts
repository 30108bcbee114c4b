import type { Db } from "../db";
import { appUrl } from "../env";
import { sanitizeSellerHtml } from "../html/seller-html";
import { renderDeliveryEmail } from "../mail/delivery";
import { mailShopFrom, mailShopSelect } from "../mail/shop";
import { enqueueEmail } from "../outbox/enqueue";

/**
 * The product's instructions as the e-mail shows them: sanitised again (rows
 * written before the sanitiser), with this server's images made absolute,
 * since a mail client has no base URL.
 */
function instructionsHtml(html: string | null | undefined): string | null {
  const clean = html ? sanitizeSellerHtml(html) : "";
  return clean ? clean.replace(/(<img\b[^>]*\bsrc=")\/cdn\//g, `$1${appUrl()}/cdn/`) : null;
}

/** The delivery email of an invoice as it stands now. */
export async function deliveryEmailOf(db: Db, invoiceId: number) {
  const invoice = await db.invoice.findUniqueOrThrow({
    where: { id: invoiceId },
    include: {
      shop: { select: mailShopSelect },
      items: { orderBy: { id: "asc" }, include: { product: { select: { instructions: true } } } },
    },
  });
  const pageUrl = invoice.reseller_id === null ? `${appUrl()}/invoice/${invoice.unique_id}` : null;
  // as on the buyer's page, instructions come with a paid order only
  const paid = invoice.status === "completed";
  const items = invoice.items.map((item) => ({ ...item, instructions: paid ? instructionsHtml(item.product?.instructions) : null }));
  return { invoice, email: await renderDeliveryEmail({ shop: mailShopFrom(invoice.shop), invoice, items, pageUrl }) };
}

/** Queues the delivery email (to `to`, or the invoice's address) in the caller's transaction. */
export async function queueDeliveryEmail(db: Db, invoiceId: number, to?: string): Promise<number> {
  const { invoice, email } = await deliveryEmailOf(db, invoiceId);
  return enqueueEmail(db, { shopId: invoice.shop_id, invoiceId, to: to ?? invoice.email, kind: "delivery", ...email });
}
