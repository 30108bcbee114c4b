import { sellerRoute } from "@/lib/api/route";
import { invoiceView } from "@/lib/invoices/find";
import { invoiceParams } from "@/lib/invoices/schemas";
import { deliverInvoice } from "@/lib/invoices/transitions";

export const POST = sellerRoute({ permission: "invoices:deliver", params: invoiceParams }, async ({ db, caller, params }) =>
  invoiceView(db, await deliverInvoice(db, caller.shop.id, params.invoiceId, caller.audit)),
);
