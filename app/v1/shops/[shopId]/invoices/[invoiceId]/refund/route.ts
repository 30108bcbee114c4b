import { sellerRoute } from "@/lib/api/route";
import { invoiceView } from "@/lib/invoices/find";
import { invoiceParams } from "@/lib/invoices/schemas";
import { refundInvoice } from "@/lib/invoices/transitions";

export const POST = sellerRoute({ permission: "invoices:write", params: invoiceParams }, async ({ db, caller, params }) =>
  invoiceView(db, await refundInvoice(db, caller.shop.id, params.invoiceId, caller.audit)),
);
