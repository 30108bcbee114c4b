import { sellerRoute } from "@/lib/api/route";
import { findInvoiceId, invoiceView } from "@/lib/invoices/find";
import { invoiceParams } from "@/lib/invoices/schemas";

export const GET = sellerRoute({ params: invoiceParams }, async ({ db, caller, params }) =>
  invoiceView(db, await findInvoiceId(db, caller.shop.id, params.invoiceId)),
);
