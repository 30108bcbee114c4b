import { sellerRoute } from "@/lib/api/route";
import { reverseCommission } from "@/lib/invoices/edits";
import { invoiceView } from "@/lib/invoices/find";
import { invoiceParams } from "@/lib/invoices/schemas";

export const POST = sellerRoute({ permission: "invoices:write", params: invoiceParams }, async ({ db, caller, params }) =>
  invoiceView(db, await reverseCommission(db, caller.shop.id, params.invoiceId)),
);
