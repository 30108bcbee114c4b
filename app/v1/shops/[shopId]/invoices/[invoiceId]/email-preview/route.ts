import { sellerRoute } from "@/lib/api/route";
import { appUrl } from "@/lib/env";
import { deliveryEmailOf } from "@/lib/invoices/email";
import { findInvoiceId } from "@/lib/invoices/find";
import { invoiceParams } from "@/lib/invoices/schemas";

/** The customer's delivery email as it would be sent now. */
export const GET = sellerRoute({ permission: "invoices:read", params: invoiceParams }, async ({ db, caller, params }) => {
  const { email } = await deliveryEmailOf(db, await findInvoiceId(db, caller.shop.id, params.invoiceId));
  return new Response(email.html, {
    headers: {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "private, no-store",
      // the e-mail's images (the shop's logo, instructions' images) are this app's uploads, at APP_URL
      "content-security-policy": `default-src 'none'; style-src 'unsafe-inline'; img-src 'self' ${new URL(appUrl()).origin}`,
    },
  });
});
