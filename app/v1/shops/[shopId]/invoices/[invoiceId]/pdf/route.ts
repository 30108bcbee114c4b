import { sellerRoute } from "@/lib/api/route";
import { findInvoiceId } from "@/lib/invoices/find";
import { pdfFileName, renderInvoicePdf } from "@/lib/invoices/pdf";
import { invoiceParams } from "@/lib/invoices/schemas";

export const GET = sellerRoute({ permission: "invoices:read", params: invoiceParams }, async ({ db, caller, params }) => {
  const id = await findInvoiceId(db, caller.shop.id, params.invoiceId);
  const pdf = await renderInvoicePdf(db, id);
  return new Response(new Uint8Array(pdf), {
    headers: {
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="${pdfFileName({ id })}"`,
      "cache-control": "private, no-store",
    },
  });
});
