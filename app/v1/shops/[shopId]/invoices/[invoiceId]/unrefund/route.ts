import { sellerRoute } from "@/lib/api/route";
import { invoiceView } from "@/lib/invoices/find";
import { invoiceParams } from "@/lib/invoices/schemas";
import { unrefundInvoice } from "@/lib/invoices/transitions";

export const POST = sellerRoute({ permission: "invoices:write", params: invoiceParams }, async ({ db, caller, params }) =>
  invoiceView(db, await unrefundInvoice(db, caller.shop.id, params.invoiceId, caller.audit)),
);
