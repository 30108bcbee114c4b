import { sellerRoute } from "@/lib/api/route";
import { paidAmountSchema } from "@/lib/invoices/action-schemas";
import { setPaidAmount } from "@/lib/invoices/edits";
import { invoiceView } from "@/lib/invoices/find";
import { invoiceParams } from "@/lib/invoices/schemas";

export const PUT = sellerRoute(
  { permission: "invoices:write", params: invoiceParams, body: paidAmountSchema },
  async ({ db, caller, params, body }) =>
    invoiceView(db, await setPaidAmount(db, caller.shop.id, params.invoiceId, body.paid, body.paid_usd, caller.audit)),
);
