import { sellerRoute } from "@/lib/api/route";
import { findInvoiceView } from "@/lib/invoices/find";
import { invoiceParams } from "@/lib/invoices/schemas";

export const GET = sellerRoute({ permission: "invoices:read", params: invoiceParams }, ({ db, caller, params }) =>
  findInvoiceView(db, caller.shop.id, params.invoiceId),
);
